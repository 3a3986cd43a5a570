import { Badge } from "@duecheck/ui/badge";
import type { IdentifierKind } from "@lib/sanctions/entity.ts";
import { formatCountries, formatDay } from "@lib/screening/display-format.ts";
import type { RiskReason, SourceStatus } from "@lib/screening/results.ts";
import { IDENTIFIER_KINDS } from "@lib/screening/schemas.ts";
import { describePepReason } from "@lib/screening/summary/pep-phrases.ts";
import { describeSourceError, type ReportLanguage, sourceName } from "@lib/screening/summary/phrasebook.ts";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { identifierKindLabel } from "./match-evidence";
import { CATEGORY_LABEL_KEYS } from "./risk";
import { RiskBadge } from "./risk-badge";
import { useScreeningLanguage } from "./use-screening-language";

const SOURCE_KIND_KEYS: Record<string, string> = {
  sanctions: "search.sourceKind.sanctions",
  pep: "search.sourceKind.pep",
  media: "search.sourceKind.media",
  classifier: "search.sourceKind.classifier",
  summary: "search.sourceKind.summary",
};

export function sourceKindLabel(t: TFunction, kind: string) {
  const key = SOURCE_KIND_KEYS[kind];
  return key ? t(key) : kind;
}

function str(value: string | number | undefined) {
  return value === undefined ? "" : String(value);
}

/** A similarity score of 0..1 as a percentage in the interface language. */
function percent(value: string | number | undefined, locale: string) {
  const n = typeof value === "number" ? value : Number(value);
  if (!Number.isFinite(n)) return str(value);
  return new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 0 }).format(n);
}

/** "negative, criminal" as translated category names. */
function categories(t: TFunction, value: string | number | undefined) {
  return str(value)
    .split(",")
    .map((c) => c.trim())
    .filter(Boolean)
    .map((c) => (c in CATEGORY_LABEL_KEYS ? t(CATEGORY_LABEL_KEYS[c as keyof typeof CATEGORY_LABEL_KEYS]) : c))
    .join(", ");
}

/** What agreed with the listing: "identifier, birth_date, nationality" or "score" (the identifier's kind and value in params). */
function basis(t: TFunction, p: RiskReason["params"]) {
  const identifier = () =>
    t("search.reason.basisIdentifier", {
      kind: isIdentifierKind(p.identifierKind) ? identifierKindLabel(t, p.identifierKind) : str(p.identifierKind),
      value: str(p.identifier),
    });
  const parts = str(p.basis)
    .split(",")
    .map((b) => b.trim())
    .filter(Boolean)
    .map((b) =>
      b === "identifier"
        ? identifier()
        : b === "birth_date"
          ? t("search.reason.basisBirthDate")
          : b === "nationality"
            ? t("search.reason.basisNationality")
            : t("search.reason.basisScore"),
    );
  return parts.join(", ");
}

const isIdentifierKind = (value: unknown): value is IdentifierKind => (IDENTIFIER_KINDS as readonly unknown[]).includes(value);

/** A failed source as a person reads it: "GDELT (news source): the service could not be reached". */
export function describeFailedSource(t: TFunction, language: ReportLanguage, source: SourceStatus) {
  return `${sourceName(source, language)} (${sourceKindLabel(t, source.kind)}): ${describeSourceError(source, language)}`;
}

/** "us, ru" (a reason's joined values) as country names; "1970-05-12, 1971" as days. */
const countries = (value: string | number | undefined, language: ReportLanguage) => formatCountries(str(value).split(", ").filter(Boolean), language);
const days = (value: string | number | undefined, language: ReportLanguage) =>
  str(value)
    .split(", ")
    .filter(Boolean)
    .map((d) => formatDay(d, language))
    .join(", ");

/**
 * One sentence explaining a reason, and optional detail lines, translated from its code and params. The sources
 * that could not be checked (failed) make one reason, with a line per source.
 */
export function explainReason(t: TFunction, locale: ReportLanguage, reason: RiskReason, failed: SourceStatus[]): { text: string; details: string[] } {
  const p = reason.params;
  const details: string[] = [];
  const listingDetails = () => {
    if (p.matchedName && p.matchedName !== p.entityName) details.push(t("search.reason.matchedName", { name: str(p.matchedName) }));
    if (p.programs) details.push(t("search.reason.programs", { programs: str(p.programs) }));
    if (p.birthDate) details.push(t("search.reason.birthDate", { value: days(p.birthDate, locale) }));
    if (p.nationality) details.push(t("search.reason.nationality", { value: countries(p.nationality, locale) }));
    if (p.differences) details.push(t("search.reason.differences", { value: str(p.differences) }));
  };
  switch (reason.code) {
    case "sanctions_match_confirmed":
      listingDetails();
      return {
        text: t("search.reason.sanctionsMatchConfirmed", {
          dataset: str(p.dataset),
          entity: str(p.entityName),
          score: percent(p.score, locale),
          basis: basis(t, p),
        }),
        details,
      };
    case "sanctions_match":
      if (p.entityName === undefined) {
        if (p.details) details.push(str(p.details));
        return { text: t("search.reason.sanctionsMatchRow", { dataset: str(p.dataset), count: Number(p.matches) || 1 }), details };
      }
      listingDetails();
      return {
        text: t("search.reason.sanctionsMatch", { dataset: str(p.dataset), entity: str(p.entityName), score: percent(p.score, locale) }),
        details,
      };
    case "sanctions_possible_match":
      if (p.birthDateDiffers) {
        return {
          text: t("search.reason.nameMatchesBirthDateDiffers", {
            dataset: str(p.dataset),
            entity: str(p.entityName),
            score: percent(p.nameScore ?? p.score, locale),
            listed: days(p.birthDate, locale),
            searched: formatDay(str(p.searchedBirthDate), locale),
          }),
          details,
        };
      }
      return {
        text: t("search.reason.sanctionsPossibleMatch", {
          dataset: str(p.dataset),
          entity: str(p.entityName),
          score: percent(p.score, locale),
          threshold: percent(p.threshold, locale),
        }),
        details,
      };
    case "pep": {
      // "current national PEP (Member of the Senate, IT, since 2018)", "spouse of a PEP (Marco Rossi)"
      const pep = describePepReason(locale, p);
      if (pep) details.push(pep);
      // reasons stored before PEP listings had their own shape carry title, source and date
      if (p.listVersion) details.push(t("search.listVersion", { date: formatDay(str(p.listVersion), locale) }));
      else if (p.date) details.push(t("search.reason.listedOn", { date: formatDay(str(p.date), locale) }));
      return { text: t("search.reason.pep", { name: str(p.name ?? p.title), dataset: str(p.dataset ?? p.source) }), details };
    }
    case "negative_media":
      return { text: t("search.reason.negativeMedia", { count: Number(p.count) || 0, categories: categories(t, p.categories) }), details };
    case "source_failed":
      details.push(...failed.map((source) => describeFailedSource(t, locale, source)));
      return { text: t("search.reason.sourcesFailed", { count: failed.length || Number(p.count) || 1 }), details };
    case "no_findings":
      return {
        text: t("search.reason.noFindings", {
          datasets: t("search.reason.databaseCount", { count: Number(p.datasets) || 0 }),
          articles: t("search.reason.articleCount", { count: Number(p.articles) || 0 }),
        }),
        details,
      };
    default:
      return { text: str((reason as { code: string }).code), details };
  }
}

/** The reasons for the risk level, strongest first, each with its own level ('Not checked' for the failed sources). */
export function RiskReasons({ reasons, failed }: { reasons: RiskReason[]; failed: SourceStatus[] }) {
  const { t } = useTranslation();
  const language = useScreeningLanguage();
  if (reasons.length === 0) return null;
  return (
    <section aria-labelledby="risk-reasons-title" className="grid gap-3">
      <h3 id="risk-reasons-title" className="font-semibold">
        {t("search.reasonsTitle")}
      </h3>
      <ul className="grid gap-2" data-testid="risk-reasons">
        {reasons.map((reason, index) => {
          const { text, details } = explainReason(t, language, reason, failed);
          return (
            <li key={`${reason.code}-${index}`} className="flex flex-col gap-2 rounded-md border bg-muted/30 p-3 sm:flex-row sm:items-start">
              {reason.code === "source_failed" ? (
                <Badge variant="warning" className="sm:mt-0.5" data-testid="reason-not-checked">
                  {t("search.notChecked")}
                </Badge>
              ) : (
                <RiskBadge level={reason.level} className="sm:mt-0.5" />
              )}
              <div className="grid min-w-0 gap-1 text-sm">
                <p className="break-words">{text}</p>
                {details.map((line) => (
                  <p key={line} className="break-words text-muted-foreground">
                    {line}
                  </p>
                ))}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
