import type { Phrasebook } from "../phrasebook.ts";

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

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
    `${name} was screened as ${entity === "person" ? "a person" : "a company"} against ${datasets} sanctions and PEP ${plural(datasets, "dataset", "datasets")} and ${articles} media ${plural(articles, "article", "articles")}. The overall risk is rated ${level.toUpperCase()}.`,
  sanctionsNone: (datasets) => `No match was found in the ${datasets} sanctions ${plural(datasets, "dataset", "datasets")} searched.`,
  sanctionsFound: (count, datasets) =>
    `The name matched ${count} ${plural(count, "entry", "entries")} in ${datasets} sanctions ${plural(datasets, "dataset", "datasets")}:`,
  sanctionsMatch: (m) =>
    [
      `${m.entityName} in ${m.dataset}${m.listVersion ? ` (list of ${m.listVersion})` : ""}, matched as "${m.matchedName}" with a score of ${m.score}`,
      m.programs && `programmes: ${m.programs}`,
      m.nationality && `nationality: ${m.nationality}`,
      m.birthDate && `born ${m.birthDate}`,
      m.differences && `differences: ${m.differences}`,
    ]
      .filter(Boolean)
      .join("; ") + ".",
  pepFound: (listings) => `PEP status: the subject is listed as a politically exposed person (${listings}).`,
  pepNone: "PEP status: no politically exposed person listing was found.",
  mediaNone: "No media articles were found.",
  mediaClean: (articles) => `None of the ${articles} media ${plural(articles, "article", "articles")} reviewed is adverse.`,
  mediaNegative: ({ negative, articles, categories }) =>
    `${negative} of the ${articles} media ${plural(articles, "article", "articles")} reviewed ${plural(negative, "is", "are")} adverse (${categories}).`,
  mediaExamples: (titles) => `Among them: ${titles}.`,
  failed: (sources) =>
    `The following sources could not be checked: ${sources}. The result is therefore incomplete and must not be read as a clean profile.`,
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

  reason: (r, f) => {
    const p = r.params;
    switch (r.code) {
      case "sanctions_match_confirmed": {
        const basis = String(p.basis ?? "score");
        const why = basis === "score" ? "a near-exact name match" : basis.split(", ").map((b) => (b === "birth_date" ? "the birth date agrees" : "the nationality agrees")).join(" and ");
        return `Strong sanctions match: ${p.entityName} in ${p.dataset} (score ${f.percent(Number(p.score))}; ${why}).`;
      }
      case "sanctions_match":
        return p.entityName
          ? `Sanctions match: ${p.entityName} in ${p.dataset} (score ${f.percent(Number(p.score))}).`
          : `Sanctions match in ${p.dataset}${p.details ? `: ${p.details}` : ""}.`;
      case "sanctions_possible_match":
        return `Possible match below the threshold: ${p.entityName} in ${p.dataset} (score ${f.percent(Number(p.score))}).`;
      case "pep":
        return `Politically exposed person: ${p.title} (${p.source}).`;
      case "negative_media":
        return `${p.count} adverse media ${plural(Number(p.count), "article", "articles")}: ${f.category(String(p.categories))}.`;
      case "source_failed":
        return `Source not checked: ${p.source}${p.error ? ` (${p.error})` : ""}.`;
      case "no_findings":
        return "No findings: no sanctions match, no PEP listing and no adverse media.";
    }
  },
};
