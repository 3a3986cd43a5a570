import { useFormatters } from "@duecheck/react/views/format";
import { Button } from "@duecheck/ui/button";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "@duecheck/ui/card";
import { Skeleton } from "@duecheck/ui/skeleton";
import { Switch } from "@duecheck/ui/switch";
import { ListIcon, PlusIcon, SendIcon, Trash2Icon, WebhookIcon } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { WebhookView } from "../../../lib/webhooks/schemas.ts";
import { ConfirmDeleteDialog } from "../components/confirm-delete-dialog";
import { useRunsTeam } from "../organisations/use-runs-team";
import { CreateWebhookDialog } from "./create-webhook-dialog";
import { DeliveriesDialog } from "./deliveries-dialog";
import { DeliveryStatusBadge } from "./delivery-status-badge";
import { SignatureHelp } from "./signature-help";
import { useDeleteWebhook, useSendTestEvent, useSetWebhookEnabled, useWebhooks } from "./use-webhooks";

/** Webhooks tab of API Access: the list, add (secret shown once), enable/disable, deliveries, test event, delete. */
export function WebhooksTab() {
  const { t } = useTranslation();
  const { data, isLoading, isError } = useWebhooks();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<WebhookView | null>(null);
  const [viewing, setViewing] = useState<WebhookView | null>(null);
  const remove = useDeleteWebhook();
  const titleId = useId();
  const hooks = data ?? [];

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle id={titleId}>{t("webhooks.title")}</CardTitle>
          <CardDescription>{t("webhooks.description")}</CardDescription>
          {hooks.length > 0 && (
            <CardAction>
              <Button onClick={() => setCreating(true)}>
                <PlusIcon aria-hidden />
                <span className="hidden sm:inline">{t("webhooks.add")}</span>
                <span className="sr-only sm:hidden">{t("webhooks.add")}</span>
              </Button>
            </CardAction>
          )}
        </CardHeader>
        <CardContent>
          {isLoading && <Skeleton className="h-20 w-full" />}
          {isError && (
            <p role="alert" className="text-sm text-destructive">
              {t("webhooks.loadFailed")}
            </p>
          )}
          {data &&
            (hooks.length === 0 ? (
              <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed px-4 py-12 text-center">
                <WebhookIcon className="size-10 text-muted-foreground" aria-hidden />
                <p className="font-medium">{t("webhooks.empty")}</p>
                <p className="max-w-md text-sm text-muted-foreground">{t("webhooks.emptyDescription")}</p>
                <Button onClick={() => setCreating(true)}>
                  <PlusIcon aria-hidden />
                  {t("webhooks.addFirst")}
                </Button>
              </div>
            ) : (
              <WebhookTable hooks={hooks} labelledBy={titleId} onDelete={setDeleting} onDeliveries={setViewing} />
            ))}
        </CardContent>
      </Card>
      <SignatureHelp />

      <CreateWebhookDialog open={creating} onOpenChange={setCreating} />
      <DeliveriesDialog webhook={viewing} onClose={() => setViewing(null)} />
      <ConfirmDeleteDialog
        item={deleting}
        title={t("webhooks.deleteTitle")}
        description={(hook) => t("webhooks.deleteDescription", { url: hook.url })}
        confirmLabel={t("webhooks.delete")}
        onCancel={() => setDeleting(null)}
        onConfirm={(hook) => remove.mutate(hook.id)}
      />
    </div>
  );
}

function WebhookTable(props: { hooks: WebhookView[]; labelledBy: string; onDelete: (hook: WebhookView) => void; onDeliveries: (hook: WebhookView) => void }) {
  const { t } = useTranslation();
  const { date } = useFormatters();
  const setEnabled = useSetWebhookEnabled();
  const sendTest = useSendTestEvent();
  // The organisation's owners and admins list every member's webhooks: they see whose each is.
  const madeBy = useRunsTeam();
  return (
    // biome-ignore lint/a11y/useSemanticElements: scroll regions keep an explicit role=region (tests/browser/credit-history.test.ts selects [role=region])
    <div
      role="region"
      aria-labelledby={props.labelledBy}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to scroll by keyboard (axe scrollable-region-focusable)
      tabIndex={0}
      className="relative overflow-x-auto rounded-md border outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <table className="w-full text-sm" data-testid="webhooks-table">
        <thead className="bg-muted/50 text-left text-muted-foreground">
          <tr className="border-b">
            <th scope="col" className="h-10 px-3 font-medium">
              {t("webhooks.columnUrl")}
            </th>
            {madeBy && (
              <th scope="col" className="h-10 px-3 font-medium whitespace-nowrap">
                {t("team.madeBy")}
              </th>
            )}
            <th scope="col" className="h-10 px-3 font-medium">
              {t("webhooks.columnEvents")}
            </th>
            <th scope="col" className="h-10 px-3 font-medium">
              {t("webhooks.columnEnabled")}
            </th>
            <th scope="col" className="h-10 px-3 font-medium whitespace-nowrap">
              {t("webhooks.columnCreated")}
            </th>
            <th scope="col" className="h-10 px-3 font-medium whitespace-nowrap">
              {t("webhooks.columnLastDelivery")}
            </th>
            <th scope="col" className="h-10 px-3 text-right font-medium">
              <span className="sr-only">{t("webhooks.columnActions")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {props.hooks.map((hook) => (
            <tr key={hook.id} className="border-b align-top last:border-0" data-testid="webhook-row">
              <td className="max-w-64 px-3 py-2.5">
                <p className="font-medium break-all">{hook.url}</p>
                {hook.description && <p className="text-xs break-words text-muted-foreground">{hook.description}</p>}
                <code className="text-xs text-muted-foreground">{hook.secret}</code>
              </td>
              {madeBy && (
                <td className="px-3 py-2.5 break-words" data-testid="webhook-made-by">
                  {hook.createdBy?.name ?? t("history.formerMember")}
                </td>
              )}
              <td className="px-3 py-2.5">
                <ul className="grid gap-0.5">
                  {hook.events.map((event) => (
                    <li key={event}>
                      <code className="font-mono text-xs">{event}</code>
                    </li>
                  ))}
                </ul>
              </td>
              <td className="px-3 py-2.5">
                <Switch
                  checked={hook.enabled}
                  disabled={setEnabled.isPending}
                  aria-label={t("webhooks.enabledLabel", { url: hook.url })}
                  onCheckedChange={(enabled) => setEnabled.mutate({ id: hook.id, enabled })}
                />
              </td>
              <td className="px-3 py-2.5 whitespace-nowrap">
                <time dateTime={hook.createdAt}>{date(hook.createdAt)}</time>
              </td>
              <td className="px-3 py-2.5 whitespace-nowrap" data-testid="webhook-last-delivery">
                {hook.lastDelivery ? (
                  <DeliveryStatusBadge status={hook.lastDelivery.status} />
                ) : (
                  <span className="text-muted-foreground">{t("webhooks.noDeliveryYet")}</span>
                )}
              </td>
              <td className="px-3 py-1.5">
                <div className="flex justify-end gap-1">
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t("webhooks.sendTestLabel", { url: hook.url })}
                    title={t("webhooks.sendTest")}
                    disabled={!hook.enabled || sendTest.isPending}
                    onClick={() => sendTest.mutate(hook.id)}
                  >
                    <SendIcon aria-hidden />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t("webhooks.deliveriesLabel", { url: hook.url })}
                    title={t("webhooks.deliveriesTitle")}
                    onClick={() => props.onDeliveries(hook)}
                  >
                    <ListIcon aria-hidden />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="text-muted-foreground hover:text-destructive"
                    aria-label={t("webhooks.deleteLabel", { url: hook.url })}
                    onClick={() => props.onDelete(hook)}
                  >
                    <Trash2Icon aria-hidden />
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
