import { describePepReason } from "../pep-phrases.ts";
import type { Phrasebook } from "../phrasebook.ts";

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

/** The kinds of identifier a search can carry (query by example). */
const IDENTIFIER_WORDS: Record<string, string> = {
  passport: "passport",
  national_id: "national id",
  tax_id: "tax id",
  imo: "IMO number",
  lei: "LEI",
  crypto_wallet: "wallet address",
};

export const en: Phrasebook = {
  englishName: "English",
  level: { critical: "critical", high: "high", medium: "medium", low: "low" },
  category: {
    negative: "negative news",
    PEP: "PEP",
    positive: "positive news",
    criminal: "crime",
    sanctions: "sanctions",
    corruption: "corruption",
    others: "other",
  },
  entityType: { person: "Person", company: "Company" },

  quote: (text) => `“${text}”`,

  intro: ({ name, entity, datasets, articles, level }) =>
    `${name} was screened as ${entity === "person" ? "a person" : "a company"} against ${datasets} sanctions and PEP ${plural(datasets, "dataset", "datasets")}${articles === null ? "; adverse media could not be checked" : ` and ${articles} media ${plural(articles, "article", "articles")}`}. The overall risk is rated ${level.toUpperCase()}.`,
  sanctionsNone: (datasets) => `No match was found in the ${datasets} sanctions ${plural(datasets, "dataset", "datasets")} searched.`,
  sanctionsFound: (count, datasets) =>
    `The name matched ${count} ${plural(count, "entry", "entries")} in ${datasets} sanctions ${plural(datasets, "dataset", "datasets")}:`,
  sanctionsMore: (count) => `and ${count} more ${plural(count, "match", "matches")}, shown in the sanctions section.`,
  nearMissesWaiting: (count) =>
    `${count} near ${plural(count, "miss", "misses")} (${plural(count, "a listing", "listings")} under the match threshold, not counted as ${plural(count, "a match", "matches")}) ${plural(count, "waits", "wait")} for a reviewer's decision.`,
  sanctionsMatch: (m) =>
    `${[
      `${m.entityName} in ${m.dataset}${m.listVersion ? ` (list of ${m.listVersion})` : ""}, matched as "${m.matchedName}" with a score of ${m.score}`,
      m.programs && `programmes: ${m.programs}`,
      m.nationality && `nationality: ${m.nationality}`,
      m.birthDate && `born ${m.birthDate}`,
      m.differences && `differences: ${m.differences}`,
    ]
      .filter(Boolean)
      .join("; ")}.`,
  pepFound: (listings) => `PEP status: the subject is listed as a politically exposed person (${listings}).`,
  pepNone: "PEP status: no politically exposed person listing was found.",
  mediaNone: "No media articles were found.",
  mediaUnchecked: "Adverse media could not be checked: no news provider answered, so the absence of adverse media is not established.",
  mediaClean: (articles) => `None of the ${articles} media ${plural(articles, "article", "articles")} reviewed is adverse.`,
  mediaNegative: ({ negative, articles, categories }) =>
    `${negative} of the ${articles} media ${plural(articles, "article", "articles")} reviewed ${plural(negative, "is", "are")} adverse (${categories}).`,
  mediaExamples: (titles) => `Among them: ${titles}.`,
  failed: (sources) => `The following sources could not be checked: ${sources}. The result is therefore incomplete and must not be read as a clean profile.`,
  recommendation: {
    critical:
      "Recommendation: do not proceed. Escalate to the compliance officer at once, hold any pending transaction and verify the identity against the listing; a confirmed match may have to be reported to the authorities.",
    high: "Recommendation: do not proceed before the match is resolved. Compare birth date, nationality and other identifiers with the listing to confirm or rule it out, and escalate to compliance.",
    medium:
      "Recommendation: apply enhanced due diligence. Review the PEP status and the adverse media, establish the source of funds and wealth, and obtain senior management approval before proceeding.",
    standard: "Recommendation: standard due diligence is sufficient; keep the subject under regular monitoring.",
    retry: "Recommendation: repeat the screening once every source is available; until then the subject must not be regarded as clean.",
    incomplete: "Repeat the screening once every source is available before relying on this result.",
  },

  sourceKind: { sanctions: "Sanctions lists", pep: "PEP lists", media: "News", classifier: "Article classifier", summary: "Summary" },
  internalList: "your organisation's watchlist",
  sourceError: (s, f) => {
    const p = s.errorParams ?? {};
    switch (s.errorCode) {
      case "not_configured":
        return s.kind === "media"
          ? "no news provider is configured"
          : s.kind === "pep"
            ? "no PEP list is configured"
            : s.kind === "sanctions"
              ? "no sanctions list is configured"
              : "not configured";
      case "never_downloaded":
        return "never downloaded: the list has no version to search yet";
      case "index_failed":
        return "the list index could not be built";
      case "list_search_failed":
        return "the list could not be searched";
      case "unreachable":
        return "the service could not be reached";
      case "timeout":
        return `no answer within ${f.number(Number(p.seconds))} s`;
      case "http_error":
        return `the service answered with an error (HTTP ${p.status})`;
      case "rate_limited":
        return "too many requests: the service asked to wait";
      case "bad_answer":
        return "the service's answer could not be read";
      case "too_large":
        return "the service's answer was too large";
      case "cancelled":
        return "the search was cancelled";
      case "model_failed":
        return "the language model gave no usable answer; the built-in analysis was used instead";
      default:
        return "could not be checked";
    }
  },
  mismatch: (m, f) =>
    m.kind === "name"
      ? `name similarity ${f.percent(m.score)}${m.listedName ? ` (on the listed name ${en.quote(m.listedName)})` : ""}`
      : m.kind === "birth_date"
        ? `birth date: listed ${m.listed.map((d) => f.day(d)).join(", ")}, searched ${f.day(m.searched)}`
        : `nationality: listed ${f.countries(m.listed)}, searched ${f.countries([m.searched])}`,
  listNoMatch: ({ entities, version }) => `No match${entities ? ` among ${entities} listed entities` : ""}${version ? ` (version of ${version})` : ""}.`,

  reason: (r, f) => {
    const p = r.params;
    switch (r.code) {
      case "sanctions_match_confirmed": {
        const basis = String(p.basis ?? "score");
        const why =
          basis === "score"
            ? "a near-exact name match"
            : basis
                .split(", ")
                .map((b) =>
                  b === "identifier"
                    ? `the listing carries the searched ${IDENTIFIER_WORDS[String(p.identifierKind)] ?? "identifier"} ${p.identifier}`
                    : b === "birth_date"
                      ? "the birth date agrees"
                      : "the nationality agrees",
                )
                .join(" and ");
        return `Strong sanctions match: ${p.entityName} in ${p.dataset} (score ${f.percent(Number(p.score))}; ${why}).`;
      }
      case "sanctions_match":
        return p.entityName
          ? `Sanctions match: ${p.entityName} in ${p.dataset} (score ${f.percent(Number(p.score))}).`
          : `Sanctions match in ${p.dataset}${p.details ? `: ${p.details}` : ""}.`;
      case "sanctions_possible_match":
        if (p.birthDateDiffers)
          return `Name matches, birth date differs: ${p.entityName} in ${p.dataset} (name ${f.percent(Number(p.nameScore ?? p.score))}; listed born ${String(
            p.birthDate ?? "",
          )
            .split(", ")
            .map((d) => f.day(d))
            .join(", ")}, searched ${f.day(String(p.searchedBirthDate))}), kept below the threshold.`;
        return `Possible match below the threshold: ${p.entityName} in ${p.dataset} (score ${f.percent(Number(p.score))}).`;
      case "pep": {
        const pep = describePepReason("en", p);
        return `Listed as a politically exposed person: ${p.name ?? p.title} (${p.dataset ?? p.source})${pep ? `: ${pep}` : ""}.`;
      }
      case "negative_media":
        return `${p.count} adverse media ${plural(Number(p.count), "article", "articles")}: ${f.category(String(p.categories))}.`;
      case "source_failed":
        return f.failedSources
          ? `Could not be checked: ${f.failedSources}.`
          : `${p.count ?? 1} ${plural(Number(p.count ?? 1), "source", "sources")} could not be checked.`;
      case "no_findings":
        return "No findings: no sanctions match, no PEP listing and no adverse media.";
    }
  },
};
