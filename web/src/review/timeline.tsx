import { useFormatters } from "@duecheck/react/views/format";
import { useReasonLabel } from "@duecheck/react/views/review/reason-label";
import { useTranslation } from "react-i18next";
import type { TimelineEventView } from "../../../lib/review/contract.ts";
import { useTimeline } from "./review-queries";

/** The search's story, oldest first: created, completed, decisions, approvals, notes, escalations, exports. */
export function Timeline({ searchId }: { searchId: string }) {
  const { t } = useTranslation();
  const { dateTime } = useFormatters();
  const timeline = useTimeline(searchId);
  return (
    <section aria-labelledby="timeline-title" className="grid gap-3" data-testid="timeline">
      <h3 id="timeline-title" className="font-semibold">
        {t("reviews.timeline.title")}
      </h3>
      {timeline.isError && (
        <p role="alert" className="text-sm text-destructive">
          {t("reviews.loadFailed")}
        </p>
      )}
      {timeline.data && (
        <ol className="grid gap-2 border-l pl-4">
          {timeline.data.items.map((event, index) => (
            <li key={`${event.at}-${event.kind}-${index}`} className="grid gap-0.5 text-sm" data-testid="timeline-event" data-kind={event.kind}>
              <span className="font-medium">
                <EventText event={event} />
              </span>
              <span className="text-xs text-muted-foreground">
                <time dateTime={event.at}>{dateTime(event.at)}</time>
                {event.actor && ` · ${event.actor}`}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function EventText({ event }: { event: TimelineEventView }) {
  const { t } = useTranslation();
  const reasonLabel = useReasonLabel();
  const d = event.details;
  const label = String(d.hitLabel ?? "");
  const decision = typeof d.decision === "string" ? t(`reviews.decision.${d.decision as "true_match" | "false_positive"}`) : "";
  switch (event.kind) {
    case "decision":
      return (
        <>
          {t(d.proposed ? "reviews.timeline.proposed" : "reviews.timeline.decision", { label, decision, reason: reasonLabel(String(d.reason ?? "")) })}
          {d.text ? <span className="block font-normal break-words whitespace-pre-line">{String(d.text)}</span> : null}
        </>
      );
    case "approval":
    case "rejection":
      return (
        <>
          {t(`reviews.timeline.${event.kind}`, { label, decision })}
          {d.comment ? <span className="block font-normal break-words whitespace-pre-line">{String(d.comment)}</span> : null}
        </>
      );
    case "note":
    case "escalation":
    case "dismissal":
      return (
        <>
          {t(`reviews.timeline.${event.kind}`)}
          <span className="block font-normal break-words whitespace-pre-line">{String(d.text ?? "")}</span>
        </>
      );
    case "export":
      return <>{t("reviews.timeline.export", { format: String(d.format ?? "").toUpperCase() })}</>;
    default:
      return <>{t(`reviews.timeline.${event.kind}`)}</>;
  }
}
