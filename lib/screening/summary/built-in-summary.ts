import type { SummaryFindings } from "./findings.ts";
import { formatter, phrasebook, type ReportLanguage } from "./phrasebook.ts";

/** Adverse article titles quoted as examples. */
const EXAMPLES = 3;

/** The summary written without a model, from the same findings, in the report language. */
export function writeBuiltInSummary(f: SummaryFindings, language: ReportLanguage): string {
  const book = phrasebook(language);
  const fmt = formatter(language);
  const paragraphs: string[] = [];

  const datasets = f.sanctions.datasetsSearched.length;
  const intro = book.intro({ name: f.subject.name, entity: f.subject.entityType, datasets: f.datasetsSearched, articles: f.media.articlesReviewed, level: book.level[f.risk.level] });
  // The reasons that set the level; the others are told in their own paragraphs.
  const reasons = f.risk.reasons.filter((r) => r.level === f.risk.level && r.code !== "no_findings").map((r) => book.reason(r, fmt));
  paragraphs.push([intro, ...reasons].join(" "));

  const matches = f.sanctions.matches;
  if (matches.length === 0) paragraphs.push(book.sanctionsNone(datasets));
  else {
    const lines = matches.map(
      (m) =>
        `- ${book.sanctionsMatch({
          dataset: m.dataset,
          listVersion: m.listVersion ?? undefined,
          entityName: m.entityName,
          matchedName: m.matchedName,
          score: fmt.percent(m.score),
          programs: m.programs.join(", ") || undefined,
          nationality: m.nationality.join(", ") || undefined,
          birthDate: m.birthDate.join(", ") || undefined,
          differences: m.differences.join("; ") || undefined,
        })}`,
    );
    paragraphs.push([book.sanctionsFound(matches.length, new Set(matches.map((m) => m.dataset)).size), ...lines].join("\n"));
  }

  paragraphs.push(f.pep.length === 0 ? book.pepNone : book.pepFound(f.pep.map((p) => `${p.title}, ${p.source}`).join("; ")));

  const media = f.media;
  if (media.articlesReviewed === 0 && media.negativeCount === 0) paragraphs.push(book.mediaNone);
  else if (media.negativeCount === 0) paragraphs.push(book.mediaClean(media.articlesReviewed));
  else {
    const categories = fmt.list(media.negativeByCategory.map((c) => `${book.category[c.category]} (${c.count})`));
    const examples = media.negative.slice(0, EXAMPLES).map((m) => `${book.quote(m.title)} (${[m.source, m.date].filter(Boolean).join(", ")})`);
    paragraphs.push(
      `${book.mediaNegative({ negative: media.negativeCount, articles: Math.max(media.articlesReviewed, media.negativeCount), categories })} ${book.mediaExamples(fmt.list(examples))}`,
    );
  }

  if (f.failedSources.length > 0) {
    paragraphs.push(book.failed(fmt.list(f.failedSources.map((s) => (s.error ? `${s.source} (${s.error})` : s.source)))));
  }

  paragraphs.push(recommendation(f, language));
  return paragraphs.join("\n\n");
}

function recommendation(f: SummaryFindings, language: ReportLanguage): string {
  const r = phrasebook(language).recommendation;
  const codes = new Set(f.risk.reasons.map((x) => x.code));
  const main = codes.has("sanctions_match_confirmed")
    ? r.critical
    : codes.has("sanctions_match")
      ? r.high
      : f.pep.length > 0 || f.media.negativeCount > 0
        ? r.medium
        : "";
  if (f.failedSources.length === 0) return main || r.standard;
  return main ? `${main} ${r.incomplete}` : r.retry;
}
