/** The table of `duecheck sanctions search`, locally and against a server (no database import: remote runs load it). */
import { describeExplanation } from "../../lib/reports/explanation.ts";
import type { MatchResult } from "../../lib/sanctions/contract.ts";
import type { ReportLanguage } from "../../lib/screening/summary/phrasebook.ts";
import type { Words } from "../language.ts";
import { Table } from "./table.tsx";

/** One listing found, as the table reads it: the matcher's result, or the public API's. */
type Row = Pick<MatchResult, "score" | "partial" | "match" | "name" | "schema" | "matchedName" | "birthDate" | "nationality" | "datasets" | "explanation">;

export function ListSearchTable({ results, shown, language }: { results: Row[]; shown: Words; language: ReportLanguage }) {
  const { t } = shown;
  return (
    <Table
      rows={results}
      empty=""
      columns={[
        { header: t.sanctions.columns.score, value: (r) => `${Math.round(r.score * 100)}%` },
        { header: t.sanctions.columns.match, value: (r) => (r.partial ? t.matching.partial : r.match ? t.sanctions.yes : t.sanctions.no) },
        { header: t.sanctions.columns.name, value: (r) => r.name },
        { header: t.sanctions.columns.schema, value: (r) => r.schema },
        { header: t.sanctions.columns.matchedName, value: (r) => (r.matchedName === r.name ? "" : r.matchedName) },
        { header: t.sanctions.columns.birth, value: (r) => r.birthDate.join("; ") },
        { header: t.sanctions.columns.nationality, value: (r) => r.nationality.join("; ") },
        { header: t.sanctions.columns.datasets, value: (r) => r.datasets.join(", ") },
        { header: t.matching.columns.why, value: (r) => describeExplanation(r.explanation?.parts, language) },
      ]}
    />
  );
}
