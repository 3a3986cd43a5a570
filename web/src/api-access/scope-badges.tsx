import { Badge } from "@duecheck/ui/badge";
import { cn } from "@duecheck/ui/utils";
import { useTranslation } from "react-i18next";
import type { ApiKeyScope } from "../../../lib/auth/api-key-scopes.ts";

/** A key's scopes as small badges, spelt as the API and the CLI spell them; a list, so a screen reader counts them. */
export function ScopeBadges({ scopes, className }: { scopes: readonly ApiKeyScope[]; className?: string }) {
  const { t } = useTranslation();
  return (
    <ul className={cn("flex flex-wrap gap-1", className)} aria-label={t("apiAccess.columnScopes")} data-testid="api-key-scope-badges">
      {scopes.map((scope) => (
        <li key={scope}>
          <Badge variant={scope === "admin" ? "warning" : "secondary"} className="font-mono text-[0.7rem]" title={t(`apiAccess.scopeHint.${scope}`)}>
            {scope}
          </Badge>
        </li>
      ))}
    </ul>
  );
}
