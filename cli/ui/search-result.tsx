/** A search's outcome as `duecheck search` prints it, from the search (a row here, or the public API's answer). */
import { Box, Text } from "ink";
import { formatCountry, formatDay, formatPercent } from "../../lib/screening/display-format.ts";
import { mediaChecked, readResults } from "../../lib/screening/results.ts";
import { readSearchDetails } from "../../lib/screening/schemas.ts";
import { describeListRow, describeReason, describeSourceError, displayedSummary, sourceName } from "../../lib/screening/summary/index.ts";
import { evidenceWords } from "../details-options.ts";
import type { Words } from "../language.ts";

/** What the view reads of a search: the stored row's fields, with its time as ISO text. */
export interface ShownSearch {
  id: string;
  searchTerm: string;
  entityType: "person" | "company";
  status: string;
  riskLevel: string | null;
  results: unknown;
  details: unknown;
  aiSummary: string | null;
  error: string | null;
  creditsUsed: number;
  createdAt: string;
}

const LEVEL_COLOR = { critical: "red", high: "red", medium: "yellow", low: "green" } as const;

export function SearchResultView({ search, words }: { search: ShownSearch; words: Words }) {
  const { t, labels, language } = words;
  const results = readResults(search.results);
  const details = readSearchDetails(search.details);
  const q = t.queryByExample;
  const searchedFacts = details
    ? [
        details.birthDate ? q.born(formatDay(details.birthDate, language)) : null,
        details.nationality ? q.nationality(formatCountry(details.nationality, language)) : null,
        ...(details.identifiers ?? []).map((i) => `${q.kinds[i.kind]} ${i.value}`),
      ].filter((x): x is string => !!x)
    : [];
  const level = search.riskLevel as keyof typeof LEVEL_COLOR | null;
  const matches = results?.sanctionsList.filter((r) => r.match) ?? [];
  const failed = results?.sources.filter((s) => s.status === "failed") ?? [];
  const ordered = [...(results?.adverseMedia ?? [])].sort((a, b) => rank(a) - rank(b));
  // the model's summary when it is in this language, else the built-in one from the same findings
  const summary =
    results && search.aiSummary
      ? displayedSummary({ name: search.searchTerm, entityType: search.entityType }, results, search.aiSummary, language).text
      : search.aiSummary;
  // the labels as the language writes them (changing their case reads wrongly in German: "kein treffer"); colour
  // and weight set a match apart on a terminal
  const [matchWord, noMatchWord] = [labels.matchFound, labels.noMatch];
  const width = Math.max(matchWord.length, noMatchWord.length);
  return (
    <Box flexDirection="column">
      <Text>
        <Text bold>{search.searchTerm}</Text> ({labels.entity[search.entityType]}){"  "}
        {search.status === "completed" && level ? (
          <Text bold color={LEVEL_COLOR[level] ?? "white"}>
            {labels.risk[level].toUpperCase()}
          </Text>
        ) : (
          <Text bold color="red">
            {t.search.failed}
          </Text>
        )}
        {results?.clean ? <Text color="green">{`  ${labels.alertClean}`}</Text> : null}
      </Text>
      <Text dimColor>{t.search.meta(search.id, `${search.createdAt.slice(0, 16).replace("T", " ")} UTC`, search.creditsUsed)}</Text>
      {searchedFacts.length ? <Text dimColor>{q.searched(searchedFacts.join(", "))}</Text> : null}
      {search.error ? <Text color="red">{search.error}</Text> : null}
      {results && search.status === "completed" ? (
        <>
          <Text> </Text>
          <Text bold>{labels.reasons}</Text>
          {results.risk.reasons.map((r, i) => (
            <Text key={i}>{`  ${t.levels[r.level].padEnd(9)} ${describeReason(r, language, results)}`}</Text>
          ))}
        </>
      ) : null}
      {results ? (
        <>
          <Text> </Text>
          <Text bold>{t.search.sanctionsHeader(results.sanctionsList.length, matches.length)}</Text>
          {results.sanctionsList.map((row) => (
            <Box key={row.datasetId} flexDirection="column">
              <Text
                color={row.match ? "red" : undefined}
                bold={row.match}
              >{`  ${(row.match ? matchWord : noMatchWord).padEnd(width)}  ${row.source}: ${describeListRow(row, language)}`}</Text>
              {row.hits
                .map((hit) => evidenceWords(hit, details?.birthDate, words))
                .filter(Boolean)
                .map((line, i) => (
                  <Text key={i} color={row.match ? "red" : "yellow"}>{`  ${" ".repeat(width)}    ${line}`}</Text>
                ))}
            </Box>
          ))}
          <Text> </Text>
          <Text bold>{`${labels.pepTitle}: ${results.pepListings.length || labels.pepNone}`}</Text>
          {results.pepListings.map((p, i) => (
            <Text
              key={i}
              color="yellow"
            >{`  ${p.name} (${p.dataset}${p.score === undefined ? "" : `, ${formatPercent(p.score, language)}`})${p.url ? `\n      ${p.url}` : ""}`}</Text>
          ))}
          <Text> </Text>
          <Text bold>{labels.mediaTitle(ordered.length)}</Text>
          {ordered.length === 0 && !mediaChecked(results) ? <Text color="yellow">{`  ${labels.mediaNotChecked}`}</Text> : null}
          {ordered.map((m, i) => (
            <Text key={i} color={m.isNegative ? "red" : m.category === "PEP" ? "yellow" : undefined}>
              {`  [${labels.categories[m.category]}] ${m.title} (${m.source}${m.date ? `, ${m.date.slice(0, 10)}` : ""})\n      ${m.url}`}
            </Text>
          ))}
          {failed.length ? (
            <>
              <Text> </Text>
              <Text bold color="yellow">
                {t.search.failedSources}
              </Text>
              {failed.map((s, i) => (
                <Text
                  key={i}
                  color="yellow"
                >{`  ${sourceLabel(sourceName(s, language), labels.kinds[s.kind])}: ${describeSourceError(s, language) || labels.statuses.failed}`}</Text>
              ))}
            </>
          ) : null}
        </>
      ) : null}
      {summary ? (
        <>
          <Text> </Text>
          <Text bold>{labels.summaryTitle}</Text>
          <Text>{summary}</Text>
        </>
      ) : null}
    </Box>
  );
}

/** A source with its kind in brackets, unless the name already says it ("News", not "News (News)"). */
const sourceLabel = (name: string, kind: string) => (name.toLocaleLowerCase() === kind.toLocaleLowerCase() ? name : `${name} (${kind})`);

const rank = (m: { isNegative: boolean; category: string }) => (m.isNegative ? 0 : m.category === "PEP" ? 1 : 2);
