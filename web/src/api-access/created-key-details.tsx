import { useFormatters } from "@duecheck/react/views/format";
import { useTranslation } from "react-i18next";
import { ScopeBadges } from "./scope-badges";
import type { CreatedApiKey } from "./use-api-keys";

/** Under a new key shown once: what it may do and until when, so the person can tell which key they hold. */
export function CreatedKeyDetails({ apiKey }: { apiKey: CreatedApiKey }) {
  const { t } = useTranslation();
  const { date } = useFormatters();
  return (
    <dl className="grid grid-cols-[auto_1fr] items-start gap-x-4 gap-y-2 text-sm" data-testid="new-api-key-details">
      <dt className="text-muted-foreground">{t("apiAccess.columnScopes")}</dt>
      <dd>
        <ScopeBadges scopes={apiKey.scopes} />
      </dd>
      <dt className="text-muted-foreground">{t("apiAccess.columnExpires")}</dt>
      <dd>{apiKey.expiresAt ? <time dateTime={apiKey.expiresAt}>{date(apiKey.expiresAt)}</time> : t("apiAccess.noExpiry")}</dd>
    </dl>
  );
}
