import { useFormatters } from "@duecheck/react/views/format";
import { Button } from "@duecheck/ui/button";
import { Tooltip, TooltipContent, TooltipTrigger } from "@duecheck/ui/tooltip";
import { cn } from "@duecheck/ui/utils";
import { RotateCwIcon, Trash2Icon } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { ApiKeyListItem } from "../../../lib/auth/api-key-schema.ts";
import { useRunsTeam } from "../organisations/use-runs-team";
import { isExpired, KeyExpiry } from "./key-expiry";
import { ScopeBadges } from "./scope-badges";

/**
 * A cell as a line of a stacked card under md: its column's name (data-label, drawn by CSS, so not read twice) on the
 * left, its content on the right, wrapping rather than overflowing: nothing needs to scroll sideways at 375 px.
 */
const STACKED =
  "max-md:flex max-md:items-start max-md:justify-between max-md:gap-4 max-md:px-0 max-md:py-1.5 max-md:text-right max-md:before:shrink-0 max-md:before:text-left max-md:before:text-xs max-md:before:font-medium max-md:before:text-muted-foreground max-md:before:content-[attr(data-label)] max-md:[&>*]:min-w-0";

/** The masked key with four dots for the hidden rest: the first characters tell keys apart, the dots only that more follow. */
const shortMask = (masked: string) => masked.replace(/•{4,}$/, "••••");

const HEAD = "h-10 px-2.5 font-medium whitespace-nowrap";
const CELL = "px-2.5 py-2.5 align-top";

/**
 * The keys: Name (with when it was made, and by whom for the organisation's owners and admins, who see every member's
 * keys), Key (masked), Scopes, Expires (or until when a rotated key still works), Last used and from which address,
 * Usage, and Rotate and Delete. From md on a table that scrolls sideways in its own frame when the sidebar leaves it
 * too little room; under md a card per key.
 */
export function KeyTable({
  keys,
  labelledBy,
  onRotate,
  onDelete,
}: {
  keys: ApiKeyListItem[];
  labelledBy: string;
  onRotate: (key: ApiKeyListItem) => void;
  onDelete: (key: ApiKeyListItem) => void;
}) {
  const { t } = useTranslation();
  const { date, number } = useFormatters();
  const { i18n } = useTranslation();
  const time = (value: string) => new Intl.DateTimeFormat(i18n.language, { timeStyle: "short" }).format(new Date(value));
  const madeBy = useRunsTeam();
  const now = Date.now();
  return (
    // Focusable so keyboard users can scroll the table sideways on narrow screens.
    // biome-ignore lint/a11y/useSemanticElements: scroll regions keep an explicit role=region (tests/browser/credit-history.test.ts selects [role=region])
    <div
      role="region"
      aria-labelledby={labelledBy}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to scroll by keyboard (axe scrollable-region-focusable)
      tabIndex={0}
      className="relative overflow-x-auto rounded-md border outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 max-md:border-0"
    >
      <table className="w-full text-sm max-md:block" data-testid="api-keys-table">
        <thead className="bg-muted/50 text-left text-muted-foreground max-md:sr-only">
          <tr className="border-b">
            <th scope="col" className={HEAD}>
              {t("apiAccess.columnName")}
            </th>
            <th scope="col" className={HEAD}>
              {t("apiAccess.columnKey")}
            </th>
            <th scope="col" className={HEAD}>
              {t("apiAccess.columnScopes")}
            </th>
            <th scope="col" className={HEAD}>
              {t("apiAccess.columnExpires")}
            </th>
            <th scope="col" className={HEAD}>
              {t("apiAccess.columnLastUsed")}
            </th>
            <th scope="col" className={HEAD}>
              {t("apiAccess.columnUsage")}
            </th>
            <th scope="col" className={cn(HEAD, "text-right")}>
              <span className="sr-only">{t("apiAccess.columnActions")}</span>
            </th>
          </tr>
        </thead>
        <tbody className="max-md:grid max-md:gap-3">
          {keys.map((key) => (
            <tr
              key={key.id}
              className="border-b transition-colors last:border-0 hover:bg-muted/40 max-md:block max-md:rounded-md max-md:border max-md:px-3 max-md:py-2 max-md:last:border"
              data-testid="api-key-row"
            >
              <td className={cn(CELL, "break-words max-md:block max-md:px-0 max-md:py-1.5")}>
                <div className="font-medium md:min-w-28">{key.name}</div>
                <div className="text-xs text-muted-foreground">
                  {t("apiAccess.columnCreated")} <time dateTime={key.createdAt}>{date(key.createdAt)}</time>
                </div>
                {madeBy && (
                  <div className="text-xs text-muted-foreground" data-testid="api-key-made-by">
                    {t("team.madeBy")} {key.createdBy.name ?? t("history.formerMember")}
                  </div>
                )}
              </td>
              <td className={cn(CELL, STACKED)} data-label={t("apiAccess.columnKey")}>
                <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs whitespace-nowrap">{shortMask(key.key)}</code>
              </td>
              <td className={cn(CELL, STACKED)} data-label={t("apiAccess.columnScopes")}>
                <ScopeBadges scopes={key.scopes} className="max-md:justify-end md:min-w-32" />
              </td>
              <td className={cn(CELL, STACKED, "md:min-w-32")} data-label={t("apiAccess.columnExpires")} data-testid="api-key-expiry">
                <KeyExpiry apiKey={key} now={now} />
              </td>
              <td className={cn(CELL, STACKED)} data-label={t("apiAccess.columnLastUsed")} data-testid="api-key-last-used">
                {key.lastUsed ? (
                  <div className="grid">
                    {/* The day, then the time: on its own line when the column is narrow. */}
                    <time dateTime={key.lastUsed} className="flex flex-wrap gap-x-1 max-md:justify-end">
                      <span className="whitespace-nowrap">{date(key.lastUsed)}</span>
                      <span className="whitespace-nowrap">{time(key.lastUsed)}</span>
                    </time>
                    {key.lastUsedIp && (
                      <span className="text-xs text-muted-foreground wrap-anywhere">{t("apiAccess.fromAddress", { address: key.lastUsedIp })}</span>
                    )}
                  </div>
                ) : (
                  <span className="text-muted-foreground">{t("apiAccess.never")}</span>
                )}
              </td>
              <td className={cn(CELL, STACKED, "whitespace-nowrap tabular-nums")} data-label={t("apiAccess.columnUsage")}>
                <span>{t("apiAccess.requests", { count: key.usageCount, formatted: number(key.usageCount) })}</span>
              </td>
              <td className="px-2.5 py-1.5 text-right align-top max-md:block max-md:px-0">
                <div className="flex items-center justify-end gap-1">
                  {/* A rotated key already has its replacement, and an expired one is for deleting: neither is rotated. */}
                  {!key.replacedById && !isExpired(key, now) && (
                    <Tooltip>
                      <TooltipTrigger asChild>
                        <Button
                          variant="ghost"
                          size="sm"
                          className="text-muted-foreground md:size-9 md:px-0"
                          aria-label={t("apiAccess.rotateLabel", { name: key.name })}
                          onClick={() => onRotate(key)}
                        >
                          <RotateCwIcon aria-hidden />
                          {/* Its word on a card; in the table's narrow last column the icon, its word in the tooltip. */}
                          <span className="md:hidden">{t("apiAccess.rotate")}</span>
                        </Button>
                      </TooltipTrigger>
                      <TooltipContent>{t("apiAccess.rotate")}</TooltipContent>
                    </Tooltip>
                  )}
                  <Button
                    variant="ghost"
                    size="icon"
                    className="text-muted-foreground hover:text-destructive"
                    aria-label={t("apiAccess.deleteLabel", { name: key.name })}
                    onClick={() => onDelete(key)}
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
