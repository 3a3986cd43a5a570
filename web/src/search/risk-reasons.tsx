import type { RiskReason } from "../../../lib/screening/results.ts";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { RiskBadge } from "./risk-badge";
import { CATEGORY_LABEL_KEYS } from "./risk";

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

/** What agreed with the listing: "birth_date, nationality" or "score". */
function basis(t: TFunction, value: string | number | undefined) {
  const parts = str(value)
    .split(",")
    .map((b) => b.trim())
    .filter(Boolean)
    .map((b) => (b === "birth_date" ? t("search.reason.basisBirthDate") : b === "nationality" ? t("search.reason.basisNationality") : t("search.reason.basisScore")));
  return parts.join(", ");
}

/** One sentence explaining a reason, and optional detail lines, translated from its code and params. */
export function explainReason(t: TFunction, locale: string, reason: RiskReason): { text: string; details: string[] } {
  const p = reason.params;
  const details: string[] = [];
  const listingDetails = () => {
    if (p.matchedName && p.matchedName !== p.entityName) details.push(t("search.reason.matchedName", { name: str(p.matchedName) }));
    if (p.programs) details.push(t("search.reason.programs", { programs: str(p.programs) }));
    if (p.birthDate) details.push(t("search.reason.birthDate", { value: str(p.birthDate) }));
    if (p.nationality) details.push(t("search.reason.nationality", { value: str(p.nationality) }));
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
          basis: basis(t, p.basis),
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
      return {
        text: t("search.reason.sanctionsPossibleMatch", {
          dataset: str(p.dataset),
          entity: str(p.entityName),
          score: percent(p.score, locale),
          threshold: percent(p.threshold, locale),
        }),
        details,
      };
    case "pep":
      if (p.date) details.push(t("search.reason.listedOn", { date: str(p.date) }));
      return { text: t("search.reason.pep", { title: str(p.title), source: str(p.source) }), details };
    case "negative_media":
      return { text: t("search.reason.negativeMedia", { count: Number(p.count) || 0, categories: categories(t, p.categories) }), details };
    case "source_failed":
      if (p.error) details.push(str(p.error));
      return { text: t("search.reason.sourceFailed", { source: str(p.source), kind: sourceKindLabel(t, str(p.kind)) }), details };
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

/** The reasons for the risk level, strongest first, each with its own level. */
export function RiskReasons({ reasons }: { reasons: RiskReason[] }) {
  const { t, i18n } = useTranslation();
  if (reasons.length === 0) return null;
  return (
    <section aria-labelledby="risk-reasons-title" className="grid gap-3">
      <h3 id="risk-reasons-title" className="font-semibold">
        {t("search.reasonsTitle")}
      </h3>
      <ul className="grid gap-2" data-testid="risk-reasons">
        {reasons.map((reason, index) => {
          const { text, details } = explainReason(t, i18n.language, reason);
          return (
            <li key={`${reason.code}-${index}`} className="flex flex-col gap-2 rounded-md border bg-muted/30 p-3 sm:flex-row sm:items-start">
              <RiskBadge level={reason.level} className="sm:mt-0.5" />
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
