import { useFormatters } from "@duecheck/react/views/format";
import { Badge } from "@duecheck/ui/badge";
import { useTranslation } from "react-i18next";
import type { ApiKeyListItem } from "../../../lib/auth/api-key-schema.ts";

/** A key past its expiry is refused by the server: it reads as expired however it came to end (its date, a rotation). */
export const isExpired = (key: Pick<ApiKeyListItem, "expiresAt">, now: number) => !!key.expiresAt && new Date(key.expiresAt).getTime() <= now;

/**
 * Until when a key works: "Never", its day, "Expired"; a rotated key "Rotated — works until" the end of its grace,
 * to the minute, as that is hours rather than days away.
 */
export function KeyExpiry({ apiKey, now }: { apiKey: Pick<ApiKeyListItem, "expiresAt" | "replacedById">; now: number }) {
  const { t } = useTranslation();
  const { date, dateTime } = useFormatters();
  if (isExpired(apiKey, now)) return <Badge variant="destructive">{t("apiAccess.expired")}</Badge>;
  if (apiKey.replacedById && apiKey.expiresAt) {
    return (
      <Badge variant="warning" className="whitespace-normal text-left" data-testid="api-key-rotated">
        {t("apiAccess.rotatedUntil", { date: dateTime(apiKey.expiresAt) })}
      </Badge>
    );
  }
  if (!apiKey.expiresAt) return <span>{t("apiAccess.noExpiry")}</span>;
  return (
    <time dateTime={apiKey.expiresAt} className="whitespace-nowrap">
      {date(apiKey.expiresAt)}
    </time>
  );
}
