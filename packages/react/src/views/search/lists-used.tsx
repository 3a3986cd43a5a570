import type { SearchResults } from "@lib/screening/results.ts";
import { useTranslation } from "react-i18next";
import { useFormatters } from "../format";

/** Under a screening's verdict: the lists it checked (with the version of each) and the lists an admin had disabled. */
export function ListsUsed({ results }: { results: Pick<SearchResults, "datasetsUsed" | "datasetsDisabled"> }) {
  const { t } = useTranslation();
  const { date } = useFormatters();
  const disabled = results.datasetsDisabled ?? [];
  if (results.datasetsUsed.length === 0 && disabled.length === 0) return null;
  return (
    <dl className="grid gap-1 text-xs text-muted-foreground" data-testid="lists-used">
      <dt className="font-medium text-foreground">{t("search.listsUsed")}</dt>
      {results.datasetsUsed.map((d) => (
        <dd key={d.id} data-testid="list-used">
          {t("search.listUsedVersion", { name: d.name, date: date(d.versionDate) })}
        </dd>
      ))}
      {disabled.length > 0 && (
        <>
          <dt className="mt-1 font-medium text-foreground">{t("search.listsDisabled")}</dt>
          {disabled.map((d) => (
            <dd key={d.id} data-testid="list-disabled">
              {d.name}
            </dd>
          ))}
        </>
      )}
    </dl>
  );
}
