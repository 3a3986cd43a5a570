import { useFormatters } from "@duecheck/react/views/format";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@duecheck/ui/dialog";
import { Skeleton } from "@duecheck/ui/skeleton";
import { useTranslation } from "react-i18next";
import type { WebhookView } from "../../../lib/webhooks/schemas.ts";
import { DeliveryStatusBadge } from "./delivery-status-badge";
import { useDeliveries } from "./use-webhooks";

/** The newest deliveries of a webhook: time, event, status, attempts, last status code and error. */
export function DeliveriesDialog({ webhook, onClose }: { webhook: WebhookView | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { dateTime, number } = useFormatters();
  const { data, isLoading, isError } = useDeliveries(webhook?.id ?? null);

  return (
    <Dialog open={!!webhook} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-3xl" data-testid="deliveries-dialog">
        <DialogHeader>
          <DialogTitle>{t("webhooks.deliveriesTitle")}</DialogTitle>
          <DialogDescription className="break-all">
            {webhook?.url}
            {data && ` · ${t("webhooks.deliveriesCount", { count: data.total, formatted: number(data.total) })}`}
          </DialogDescription>
        </DialogHeader>
        {isLoading && <Skeleton className="h-24 w-full" />}
        {isError && (
          <p role="alert" className="text-sm text-destructive">
            {t("webhooks.deliveriesLoadFailed")}
          </p>
        )}
        {data &&
          (data.items.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("webhooks.noDeliveries")}</p>
          ) : (
            <div className="max-h-[60vh] overflow-auto rounded-md border">
              <table className="w-full text-sm" data-testid="deliveries-table">
                <thead className="bg-muted/50 text-left text-muted-foreground">
                  <tr className="border-b">
                    <th scope="col" className="h-9 px-3 font-medium">
                      {t("webhooks.columnTime")}
                    </th>
                    <th scope="col" className="h-9 px-3 font-medium">
                      {t("webhooks.columnEvent")}
                    </th>
                    <th scope="col" className="h-9 px-3 font-medium">
                      {t("webhooks.columnStatus")}
                    </th>
                    <th scope="col" className="h-9 px-3 font-medium">
                      {t("webhooks.columnAttempts")}
                    </th>
                    <th scope="col" className="h-9 px-3 font-medium">
                      {t("webhooks.columnCode")}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((d) => (
                    <tr key={d.id} className="border-b align-top last:border-0" data-testid="delivery-row">
                      <td className="px-3 py-2 whitespace-nowrap">
                        <time dateTime={d.createdAt}>{dateTime(d.createdAt)}</time>
                      </td>
                      <td className="px-3 py-2">
                        <code className="font-mono text-xs">{d.event}</code>
                      </td>
                      <td className="px-3 py-2">
                        <DeliveryStatusBadge status={d.status} />
                        {d.lastError && <p className="mt-1 max-w-xs text-xs break-words text-muted-foreground">{d.lastError}</p>}
                      </td>
                      <td className="px-3 py-2 tabular-nums">{number(d.attempts)}</td>
                      <td className="px-3 py-2 tabular-nums">{d.lastStatusCode ?? "–"}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ))}
      </DialogContent>
    </Dialog>
  );
}
