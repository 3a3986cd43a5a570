import { RISK_LABEL_KEYS } from "@duecheck/react/views/search/risk";
import { useTranslation } from "react-i18next";
import type { MonitoredEntityView } from "../../../lib/monitoring/schemas.ts";

/**
 * What the last check that changed something found, one line per kind of change, worded in the reader's language
 * from the entry's facts. An entry flagged before facts were kept shows the sentence stored with it.
 */
export function ChangeLines({ entity }: { entity: Pick<MonitoredEntityView, "changeFacts" | "changesSummary"> }) {
  const { t } = useTranslation();
  const facts = entity.changeFacts;
  if (!facts) return entity.changesSummary ? <span data-testid="changes-summary">{entity.changesSummary}</span> : null;
  const level = (value: string | null) => (value && value in RISK_LABEL_KEYS ? t(RISK_LABEL_KEYS[value as keyof typeof RISK_LABEL_KEYS]) : "—");
  const lines = [
    facts.addedMatches > 0 && t("monitoring.change.addedMatches", { count: facts.addedMatches }),
    facts.removedMatches > 0 && t("monitoring.change.removedMatches", { count: facts.removedMatches }),
    facts.riskBefore !== facts.riskAfter && t("monitoring.change.risk", { before: level(facts.riskBefore), after: level(facts.riskAfter) }),
    facts.newMedia > 0 && t("monitoring.change.newMedia", { count: facts.newMedia }),
    facts.notChecked.length > 0 && t("monitoring.change.notChecked", { sources: facts.notChecked.join(", ") }),
  ].filter((line): line is string => !!line);
  return (
    <ul className="grid gap-0.5" data-testid="changes-summary">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}
