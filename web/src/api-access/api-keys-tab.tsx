import { useFormatters } from "@duecheck/react/views/format";
import { Button } from "@duecheck/ui/button";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "@duecheck/ui/card";
import { Skeleton } from "@duecheck/ui/skeleton";
import { KeyRoundIcon, PlusIcon, Trash2Icon } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ApiKeyListItem } from "../../../lib/auth/schemas.ts";
import { ConfirmDeleteDialog } from "../components/confirm-delete-dialog";
import { useRunsTeam } from "../organisations/use-runs-team";
import { CreateKeyDialog } from "./create-key-dialog";
import { useApiKeys, useDeleteApiKey } from "./use-api-keys";

/**
 * API Keys tab: the table (Name, Made by for the organisation's owners and admins, who see every member's keys, Key
 * masked, Created, Last Used, Usage), create and delete.
 */
export function ApiKeysTab() {
  const { t } = useTranslation();
  const { data, isLoading, isError } = useApiKeys();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<ApiKeyListItem | null>(null);
  const remove = useDeleteApiKey();
  const titleId = useId();
  const keys = data ?? [];

  return (
    <Card>
      <CardHeader>
        <CardTitle id={titleId}>{t("apiAccess.keysTitle")}</CardTitle>
        <CardDescription>{t("apiAccess.keysDescription")}</CardDescription>
        {keys.length > 0 && (
          <CardAction>
            <Button onClick={() => setCreating(true)}>
              <PlusIcon aria-hidden />
              <span className="hidden sm:inline">{t("apiAccess.createKey")}</span>
              <span className="sr-only sm:hidden">{t("apiAccess.createKey")}</span>
            </Button>
          </CardAction>
        )}
      </CardHeader>
      <CardContent>
        {isLoading && (
          <div className="grid gap-2">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        )}
        {isError && (
          <p role="alert" className="text-sm text-destructive">
            {t("apiAccess.loadFailed")}
          </p>
        )}
        {data &&
          (keys.length === 0 ? (
            <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed px-4 py-12 text-center">
              <KeyRoundIcon className="size-10 text-muted-foreground" aria-hidden />
              <p className="font-medium">{t("apiAccess.empty")}</p>
              <p className="max-w-md text-sm text-muted-foreground">{t("apiAccess.emptyDescription")}</p>
              <Button onClick={() => setCreating(true)}>
                <PlusIcon aria-hidden />
                {t("apiAccess.generateFirst")}
              </Button>
            </div>
          ) : (
            <KeyTable keys={keys} labelledBy={titleId} onDelete={setDeleting} />
          ))}
      </CardContent>

      <CreateKeyDialog open={creating} onOpenChange={setCreating} />

      <ConfirmDeleteDialog
        item={deleting}
        title={t("apiAccess.deleteTitle")}
        description={(key) => t("apiAccess.deleteDescription", { name: key.name })}
        confirmLabel={t("apiAccess.delete")}
        onCancel={() => setDeleting(null)}
        onConfirm={(key) => remove.mutate(key.id)}
      />
    </Card>
  );
}

function KeyTable({ keys, labelledBy, onDelete }: { keys: ApiKeyListItem[]; labelledBy: string; onDelete: (key: ApiKeyListItem) => void }) {
  const { t } = useTranslation();
  const { date, dateTime, number } = useFormatters();
  const madeBy = useRunsTeam();
  return (
    // Focusable so keyboard users can scroll the table sideways on narrow screens.
    // biome-ignore lint/a11y/useSemanticElements: scroll regions keep an explicit role=region (tests/browser/credit-history.test.ts selects [role=region])
    <div
      role="region"
      aria-labelledby={labelledBy}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to scroll by keyboard (axe scrollable-region-focusable)
      tabIndex={0}
      className="relative overflow-x-auto rounded-md border outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <table className="w-full text-sm" data-testid="api-keys-table">
        <thead className="bg-muted/50 text-left text-muted-foreground">
          <tr className="border-b">
            <th scope="col" className="h-10 px-3 font-medium">
              {t("apiAccess.columnName")}
            </th>
            {madeBy && (
              <th scope="col" className="h-10 px-3 font-medium whitespace-nowrap">
                {t("team.madeBy")}
              </th>
            )}
            <th scope="col" className="h-10 px-3 font-medium">
              {t("apiAccess.columnKey")}
            </th>
            <th scope="col" className="h-10 px-3 font-medium whitespace-nowrap">
              {t("apiAccess.columnCreated")}
            </th>
            <th scope="col" className="h-10 px-3 font-medium whitespace-nowrap">
              {t("apiAccess.columnLastUsed")}
            </th>
            <th scope="col" className="h-10 px-3 font-medium whitespace-nowrap">
              {t("apiAccess.columnUsage")}
            </th>
            <th scope="col" className="h-10 px-3 text-right font-medium">
              <span className="sr-only">{t("apiAccess.columnActions")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <tr key={key.id} className="border-b transition-colors last:border-0 hover:bg-muted/40" data-testid="api-key-row">
              <td className="px-3 py-2.5 font-medium break-words">{key.name}</td>
              {madeBy && (
                <td className="px-3 py-2.5 break-words" data-testid="api-key-made-by">
                  {key.createdBy.name ?? t("history.formerMember")}
                </td>
              )}
              <td className="px-3 py-2.5">
                <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs whitespace-nowrap">{key.key}</code>
              </td>
              <td className="px-3 py-2.5 whitespace-nowrap">
                <time dateTime={key.createdAt}>{date(key.createdAt)}</time>
              </td>
              <td className="px-3 py-2.5 whitespace-nowrap">
                {key.lastUsed ? (
                  <time dateTime={key.lastUsed}>{dateTime(key.lastUsed)}</time>
                ) : (
                  <span className="text-muted-foreground">{t("apiAccess.never")}</span>
                )}
              </td>
              <td className="px-3 py-2.5 whitespace-nowrap tabular-nums">
                {t("apiAccess.requests", { count: key.usageCount, formatted: number(key.usageCount) })}
              </td>
              <td className="px-3 py-1.5 text-right">
                <Button
                  variant="ghost"
                  size="icon"
                  className="text-muted-foreground hover:text-destructive"
                  aria-label={t("apiAccess.deleteLabel", { name: key.name })}
                  onClick={() => onDelete(key)}
                >
                  <Trash2Icon aria-hidden />
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
