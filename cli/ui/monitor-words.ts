/** A monitored entity's status, risk and review in words, as `duecheck monitor list` prints them. */
import type { MonitoredEntityView } from "../../lib/monitoring/schemas.ts";
import type { Words } from "../language.ts";

/** What the words read of an entity (the view of lib/monitoring, or the public API's). */
type Shown = Pick<MonitoredEntityView, "status" | "waitingFor" | "checkState" | "riskLevel" | "reviewStatus" | "openHits">;

export function statusWord(entity: Shown, { t }: Words) {
  return entity.status === "active" && entity.waitingFor === "credits" ? t.monitor.waitingForCredits : t.monitor.statuses[entity.status];
}

/** The last complete check's risk level, always shown: a check running or failed since is said beside it. */
export function riskWord(entity: Shown, { t }: Words) {
  const state = entity.checkState === "completed" ? null : t.monitor.checkStates[entity.checkState];
  if (!entity.riskLevel) return state ?? "-";
  return state ? `${t.levels[entity.riskLevel]} (${state})` : t.levels[entity.riskLevel];
}

export function reviewWord(entity: Shown, { t, labels }: Words) {
  if (!entity.reviewStatus) return "-";
  const status = labels.review.statuses[entity.reviewStatus];
  return entity.openHits > 0 ? `${status} (${t.monitor.toDecide(entity.openHits)})` : status;
}
