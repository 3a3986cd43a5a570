import { useFormatters } from "@duecheck/react/views/format";
import { Card, CardContent, CardHeader, CardTitle } from "@duecheck/ui/card";
import { useTranslation } from "react-i18next";
import type { CaseEventView } from "../../../lib/cases/contract.ts";

const textOf = (value: unknown) => (typeof value === "string" && value ? value : null);
const after = (event: CaseEventView) => (event.details.after ?? {}) as Record<string, unknown>;

/** What the entry says beyond its kind: the new status or outcome, the reason, the assignment. */
function detailOf(event: CaseEventView, t: (key: string, options?: Record<string, unknown>) => string): string | null {
  switch (event.kind) {
    case "status_changed":
    case "reopened": {
      const status = textOf(after(event).status);
      const outcome = textOf(after(event).outcome);
      const reason = textOf(event.details.reason);
      return [status && t(`cases.status.${status}`), outcome && t(`cases.outcome.${outcome}`), reason].filter(Boolean).join(" · ") || null;
    }
    case "assigned":
      if (!after(event).assignee) return t("cases.timeline.handedBack");
      // Named as they are called now; a member since deleted is "someone".
      return event.assignee ? t("cases.timeline.assignedTo", { name: event.assignee.name }) : t("cases.timeline.assignedSomeone");
    case "escalated":
      return textOf(event.details.reason);
    case "note":
      return textOf(event.details.text);
    case "attachment_added":
    case "attachment_removed":
      // The name and the checksum, which the timeline keeps after a removal, and why it was removed.
      return [textOf(event.details.fileName), textOf(event.details.sha256) && `SHA-256 ${event.details.sha256}`, textOf(event.details.reason)]
        .filter(Boolean)
        .join(" · ");
    case "priority_raised": {
      const priority = textOf(after(event).priority);
      return priority && t(`cases.priority.${priority}`);
    }
    case "tags_changed": {
      // The tags from now on; none left reads as a dash.
      const tags = after(event).tags;
      return Array.isArray(tags) && tags.length ? tags.join(", ") : "-";
    }
    default:
      return null;
  }
}

/** The case's story, oldest first: who did what and when (the system for a screening joining, auto-assignment). */
export function CaseTimeline({ events }: { events: CaseEventView[] }) {
  const { t } = useTranslation();
  const { dateTime } = useFormatters();
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{t("cases.timeline.title")}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="grid gap-2" data-testid="case-timeline">
          {events.map((event) => {
            const detail = detailOf(event, t);
            return (
              <li key={event.id} className="grid gap-0.5 border-l-2 pl-3 text-sm" data-testid="case-event" data-kind={event.kind}>
                <span className="font-medium">{t(`cases.timeline.kind.${event.kind}`)}</span>
                {detail && <span className="whitespace-pre-line wrap-anywhere">{detail}</span>}
                <span className="text-xs text-muted-foreground">
                  {event.actor ?? t("cases.timeline.system")} · <time dateTime={event.at}>{dateTime(event.at)}</time>
                </span>
              </li>
            );
          })}
        </ol>
      </CardContent>
    </Card>
  );
}
