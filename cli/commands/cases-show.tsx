/** `duecheck cases show`: a case with its subject, searches, notes and timeline, as GET /api/cases/{id} answers it. */
import type { Command } from "commander";
import { Box, Text } from "ink";
import { findCase } from "../../lib/cases/access.ts";
import type { CaseView } from "../../lib/cases/contract.ts";
import { eventDetail, knownNames } from "../../lib/cases/event-detail.ts";
import { caseView } from "../../lib/cases/views.ts";
import { askedLanguage, type Words, withLanguageOption } from "../language.ts";
import { minute } from "../options.ts";
import { printJson, printView } from "../ui/render.tsx";
import { Table } from "../ui/table.tsx";
import { withCliUser } from "../user.ts";
import { cliReviewActor } from "./review-actor.ts";

function CaseShown({ view, words: shown }: { view: CaseView; words: Words }) {
  const { t, labels } = shown;
  const c = t.cases;
  const f = c.fields;
  const details = view.subject.details;
  const subject = [
    `${view.subject.name} (${labels.entity[view.subject.entityType]})`,
    ...(details?.birthDate ? [c.born(details.birthDate)] : []),
    ...(details?.nationality ? [c.nationality(details.nationality)] : []),
    ...(details?.identifiers ?? []).map((i) => `${i.kind}:${i.value}`),
  ].join(", ");
  const rows: [string, string][] = [
    [f.id, view.id],
    [f.title, view.title],
    [f.subject, subject],
    [f.status, c.status(c.statuses[view.status], view.escalatedAt !== null)],
    [f.outcome, view.outcome ? c.outcomes[view.outcome] : "-"],
    [f.priority, c.priorities[view.priority]],
    [f.assignee, view.assignee?.name ?? "-"],
    [f.due, c.due(minute(view.dueAt), view.overdue)],
    [f.opened, minute(view.openedAt)],
    [f.closed, minute(view.closedAt)],
    [f.openHits, String(view.openHits)],
    [f.tags, view.tags.length ? view.tags.join(", ") : "-"],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  const names = knownNames(view);
  const s = c.searchColumns;
  return (
    <Box flexDirection="column">
      {rows.map(([label, value]) => (
        <Text key={label}>{`${label.padEnd(width)}  ${value}`}</Text>
      ))}
      <Text> </Text>
      <Text bold>{c.searchesTitle}</Text>
      <Table
        rows={view.searches}
        empty={c.searchesEmpty}
        columns={[
          { header: s.date, value: (x) => minute(x.createdAt) },
          { header: s.term, value: (x) => x.searchTerm, shrinkTo: 16 },
          { header: s.source, value: (x) => t.review.sources[x.source] },
          { header: s.review, value: (x) => t.review.statuses[x.reviewStatus] },
          { header: s.risk, value: (x) => (x.riskLevel ? t.levels[x.riskLevel] : "-") },
          { header: s.openHits, value: (x) => String(x.openHits) },
          { header: s.id, value: (x) => x.id },
        ]}
      />
      <Text> </Text>
      <Text bold>{c.notesTitle}</Text>
      {view.notes.length === 0 ? <Text dimColor>{`  ${c.notesEmpty}`}</Text> : null}
      {view.notes.map((n) => (
        <Text key={n.id}>{c.noteLine(minute(n.createdAt), n.author ?? "-", n.text)}</Text>
      ))}
      <Text> </Text>
      <Text bold>{c.timelineTitle}</Text>
      {view.timeline.map((e) => (
        <Text key={e.id}>{c.eventLine(minute(e.at), e.actor ?? c.system, c.events[e.kind], eventDetail(e, names, c))}</Text>
      ))}
    </Box>
  );
}

export function registerCasesShow(cases: Command) {
  withLanguageOption(cases.command("show"))
    .description("A case: subject, status, outcome, priority, assignee, due date, its searches, notes and timeline")
    .argument("<case-id>", "the case's id")
    .option("--user <email>", "who reads (default: the first administrator)")
    .option("--json", "print as JSON (the shape of GET /api/cases/{id})")
    .action(async (caseId: string, options: { user?: string; json?: boolean; language?: string }) => {
      const asked = askedLanguage(options.language);
      const { view, shown } = await withCliUser(options.user, asked, async ({ db, user, shown }) => {
        const row = await findCase(db, cliReviewActor(user), caseId);
        return { view: await caseView(db, row.id), shown };
      });
      if (options.json) return printJson(view);
      printView(<CaseShown view={view} words={shown} />);
    });
}
