/** A search's review as `duecheck review show` prints it: its flagged hits with their decisions, and its notes. */
import { Box, Text } from "ink";
import { reviewableHits } from "../../lib/review/status.ts";
import { readResults } from "../../lib/screening/results.ts";
import type { SearchDetailView } from "../../lib/screening/views.ts";
import type { Words } from "../language.ts";
import { minute } from "../options.ts";
import { Table } from "./table.tsx";

/** The search's flagged hits with their live decisions, as `review show` prints them. */
export function ReviewView({
  detail,
  words: shown,
}: {
  detail: Pick<SearchDetailView, "review" | "searchTerm" | "entityType"> & { results: unknown };
  words: Words;
}) {
  const { t, labels } = shown;
  const r = t.review;
  const review = detail.review;
  const decisions = new Map(review.decisions.map((d) => [d.hitId, d]));
  const hits = reviewableHits(readResults(detail.results));
  return (
    <Box flexDirection="column">
      <Text bold>{r.showTitle(detail.searchTerm, labels.entity[detail.entityType], r.statuses[review.status], review.openHits)}</Text>
      {review.fourEyes ? <Text dimColor>{r.fourEyesOn}</Text> : null}
      <Text> </Text>
      <Table
        rows={hits}
        empty={r.hitsEmpty}
        columns={[
          { header: r.hitColumns.id, value: (h) => h.hitId },
          { header: r.hitColumns.kind, value: (h) => r.kinds[h.kind] },
          { header: r.hitColumns.hit, value: (h) => (h.label.length > 60 ? `${h.label.slice(0, 59)}…` : h.label) },
          {
            header: r.hitColumns.decision,
            value: (h) => (h.cleared ? r.clearedHit : decisions.has(h.hitId) ? r.decisions[decisions.get(h.hitId)!.decision] : "-"),
          },
          { header: r.hitColumns.reason, value: (h) => (decisions.has(h.hitId) ? r.reasons[decisions.get(h.hitId)!.reason] : "-") },
          { header: r.hitColumns.state, value: (h) => (decisions.has(h.hitId) ? r.states[decisions.get(h.hitId)!.state] : "-") },
          { header: r.hitColumns.by, value: (h) => decisions.get(h.hitId)?.decidedBy ?? "-" },
        ]}
      />
      <Text> </Text>
      <Text bold>{r.notesTitle}</Text>
      {review.notes.length === 0 ? <Text dimColor>{`  ${r.notesEmpty}`}</Text> : null}
      {review.notes.map((n) => (
        <Text key={n.id}>{r.noteLine(minute(n.createdAt), n.author ?? "-", r.noteKinds[n.kind], n.text)}</Text>
      ))}
    </Box>
  );
}
