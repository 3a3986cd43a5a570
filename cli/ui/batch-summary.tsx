/** A batch's summary (its progress and risk levels) and a row's details, as `duecheck batch` prints them. */
import { Box, Text } from "ink";
import { type BatchResultRow, type BatchStatus, type BatchView, RISK_LEVELS } from "../../lib/batch/schemas.ts";
import type { Words } from "../language.ts";

export function Summary({
  batch,
  risks,
  words: { t },
}: {
  batch: Omit<BatchView, "status"> & { status: BatchStatus };
  risks: Partial<Record<string, number>>;
  words: Words;
}) {
  const riskText = RISK_LEVELS.filter((level) => risks[level])
    .map((level) => `${risks[level]} ${t.levels[level]}`)
    .join(", ");
  return (
    <Box flexDirection="column">
      <Text bold color={batch.status === "failed" ? "red" : batch.failedEntities ? "yellow" : "green"}>
        {t.batch.summary(batch.name, batch.id, t.statuses[batch.status])}
      </Text>
      <Text>{`  ${t.batch.counts(batch.totalEntities, batch.processedEntities, batch.failedEntities)}`}</Text>
      {riskText ? <Text>{`  ${t.batch.risks(riskText)}`}</Text> : null}
      {batch.failedEntities ? <Text color="yellow">{`  ${t.batch.failedRows(batch.failedEntities)}`}</Text> : null}
    </Box>
  );
}

/** What the row gave beside its name: "1961-04-03 · RU · passport:7712345". */
export function rowDetails(row: BatchResultRow): string {
  const identifiers = row.identifiers.map((i) => `${i.kind}:${i.value}`);
  return [row.birthDate, row.nationality, ...identifiers].filter(Boolean).join(" · ");
}
