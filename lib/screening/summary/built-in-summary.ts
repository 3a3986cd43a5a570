import type { SummaryFindings } from "./findings.ts";
import { formatter, phrasebook, type ReportLanguage, sourceName } from "./phrasebook.ts";

/** Adverse article titles quoted as examples. */
const EXAMPLES = 3;

/** The summary written without a model, from the same findings, in the report language. */
export function writeBuiltInSummary(f: SummaryFindings, language: ReportLanguage): string {
  const book = phrasebook(language);
  const fmt = formatter(language, { sources: f.failedSources });
  const paragraphs: string[] = [];

  const datasets = f.sanctions.datasetsSearched.length;
  const intro = book.intro({
    name: f.subject.name,
    entity: f.subject.entityType,
    datasets: f.datasetsSearched,
    articles: f.media.checked ? f.media.articlesReviewed : null,
    level: book.level[f.risk.level],
  });
  // The reasons that set the level; the others (and the failed sources) are told in their own paragraphs.
  const reasons = f.risk.reasons
    .filter((r) => r.level === f.risk.level && r.code !== "no_findings" && r.code !== "source_failed")
    .map((r) => book.reason(r, fmt));
  paragraphs.push([intro, ...reasons].join(" "));

  const matches = f.sanctions.matches;
  // The counts are the result's own (lib/screening/hit-counts.ts): the summary never tells another number than the counters.
  const nearMisses = f.sanctions.nearMissCount > 0 ? ` ${book.nearMissesWaiting(f.sanctions.nearMissCount)}` : "";
  if (matches.length === 0) paragraphs.push(book.sanctionsNone(datasets) + nearMisses);
  else {
    const lines = matches.map(
      (m) =>
        `- ${book.sanctionsMatch({
          dataset: m.dataset,
          listVersion: fmt.day(m.listVersion) || undefined,
          entityName: m.entityName,
          matchedName: m.matchedName,
          score: fmt.percent(m.score),
          programs: m.programs.join(", ") || undefined,
          nationality: fmt.countries(m.nationality) || undefined,
          birthDate: m.birthDate.map((d) => fmt.day(d)).join(", ") || undefined,
          // Matches stored before mismatches existed have their differences in English only.
          differences: (m.mismatches ? m.mismatches.map((x) => book.mismatch(x, fmt)) : m.differences).join("; ") || undefined,
        })}`,
    );
    const unlisted = f.sanctions.matchCount - matches.length;
    if (unlisted > 0) lines.push(`- ${book.sanctionsMore(unlisted)}`);
    paragraphs.push(
      [book.sanctionsFound(f.sanctions.matchCount, f.sanctions.matchDatasets), ...lines].join("\n") + (nearMisses ? `\n${nearMisses.trim()}` : ""),
    );
  }

  paragraphs.push(f.pep.length === 0 ? book.pepNone : book.pepFound(f.pep.map((p) => `${p.name}, ${p.dataset}`).join("; ")));

  const media = f.media;
  if (!media.checked) paragraphs.push(book.mediaUnchecked);
  else if (media.articlesReviewed === 0 && media.negativeCount === 0) paragraphs.push(book.mediaNone);
  else if (media.negativeCount === 0) paragraphs.push(book.mediaClean(media.articlesReviewed));
  else {
    const categories = fmt.list(media.negativeByCategory.map((c) => `${book.category[c.category]} (${c.count})`));
    const examples = media.negative.slice(0, EXAMPLES).map((m) => `${book.quote(m.title)} (${[m.source, fmt.day(m.date)].filter(Boolean).join(", ")})`);
    paragraphs.push(
      `${book.mediaNegative({ negative: media.negativeCount, articles: Math.max(media.articlesReviewed, media.negativeCount), categories })} ${book.mediaExamples(fmt.list(examples))}`,
    );
  }

  if (f.failedSources.length > 0) {
    paragraphs.push(book.failed(fmt.list(f.failedSources.map((s) => `${sourceName(s, language)} (${book.sourceError(s, fmt)})`))));
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
