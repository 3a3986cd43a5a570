export type RetentionReason = "previous" | "week_old" | "month_old";

export interface VersionAge {
  id: string;
  versionDate: Date;
}

export type RetentionPlan = Map<string, { keep: true; reason: RetentionReason | null } | { keep: false }>;

const DAY = 24 * 60 * 60 * 1000;
const WEEK = 7 * DAY;
const MONTH = 30 * DAY;

/**
 * Which versions of one dataset to keep once `currentId` is current.
 *
 * Kept with a label: the previous version, the newest at least 7 days older than the current one (week_old) and
 * the newest at least 30 days older (month_old). Lists change daily and are fetched every few hours, so pruning
 * everything else would never let a version grow a week old. So two unlabelled candidates are kept as well: the
 * oldest version younger than 7 days and the oldest younger than 30 days; each becomes the week_old or month_old
 * version when it is old enough. The week_old version is then 7 to 14 days old and the month_old one 30 to about
 * 50, and at most six versions exist at a time.
 */
export function planRetention(versions: VersionAge[], currentId: string): RetentionPlan {
  const current = versions.find((v) => v.id === currentId);
  if (!current) throw new Error(`Version ${currentId} is not among the dataset's versions`);
  const now = current.versionDate.getTime();
  const age = (v: VersionAge) => now - v.versionDate.getTime();
  const others = versions.filter((v) => v.id !== currentId).sort((a, b) => b.versionDate.getTime() - a.versionDate.getTime());

  const previous = others[0];
  const weekOld = others.find((v) => age(v) >= WEEK);
  const monthOld = others.find((v) => age(v) >= MONTH);
  const weekCandidate = others.findLast((v) => age(v) < WEEK);
  const monthCandidate = others.findLast((v) => age(v) < MONTH);

  const plan: RetentionPlan = new Map([[currentId, { keep: true, reason: null }]]);
  for (const v of others) {
    if (v === previous) plan.set(v.id, { keep: true, reason: "previous" });
    else if (v === weekOld) plan.set(v.id, { keep: true, reason: "week_old" });
    else if (v === monthOld) plan.set(v.id, { keep: true, reason: "month_old" });
    else if (v === weekCandidate || v === monthCandidate) plan.set(v.id, { keep: true, reason: null });
    else plan.set(v.id, { keep: false });
  }
  return plan;
}
