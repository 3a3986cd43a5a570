import { formatCountry, formatDay } from "@lib/screening/display-format.ts";
import type { SearchDetails } from "@lib/screening/schemas.ts";
import { useTranslation } from "react-i18next";
import { identifierKindLabel } from "../match-evidence";

/** What else the search said of its subject (query by example), under the term of the results. */
export function SearchedDetails({ details }: { details: SearchDetails | null | undefined }) {
  const { t, i18n } = useTranslation();
  if (!details) return null;
  const parts = [
    details.birthDate ? t("search.details.bornIn", { date: formatDay(details.birthDate, i18n.language) }) : null,
    details.nationality ? formatCountry(details.nationality, i18n.language) : null,
    ...(details.identifiers ?? []).map((id) => `${identifierKindLabel(t, id.kind)} ${id.value}`),
  ].filter((part): part is string => !!part);
  if (parts.length === 0) return null;
  return (
    <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]" data-testid="searched-details">
      {t("search.details.searchedWith", { details: parts.join(" · ") })}
    </p>
  );
}
