/**
 * The clearance rules (clearance-rules.ts) applied to a search as stored: what it gave, which of its sanctions hits
 * are matches, and whether the written-reason setting is on. decideHit checks a decision with them before writing
 * it (400 naming what is missing or the rule); the search's review shows them so the app and the CLI offer only
 * reasons that stand.
 */
import type { DbOrTx, schema } from "../../data/db.ts";
import { AppError } from "../errors.ts";
import { DEFAULT_MATCH_THRESHOLD } from "../sanctions/matcher/tuning.ts";
import { readResults } from "../screening/results.ts";
import { readSearchDetails } from "../screening/schemas.ts";
import { readSettings } from "../settings/system-settings.ts";
import {
  CLEAR_MATCH_TEXT_MIN,
  type ClearanceRulesView,
  clearMatchTextMessage,
  meetsClearMatchText,
  missingDetailFor,
  missingDetailMessage,
  missingDetails,
} from "./clearance-rules.ts";
import type { DecideHitInput } from "./contract.ts";
import { reviewSettings } from "./system-settings.ts";

type SearchRow = typeof schema.searches.$inferSelect;

/**
 * The search's sanctions hits that are matches: scored at or over the match threshold it was screened with and not
 * a partial match (a lone name against a fuller listed name), the rule the risk level and the match counts use.
 * Near misses are listed under the threshold.
 */
export function sanctionsMatchHitIds(search: Pick<SearchRow, "results">): string[] {
  const results = readResults(search.results);
  if (!results) return [];
  const threshold = results.provenance?.thresholds.match ?? DEFAULT_MATCH_THRESHOLD;
  // Rows stored by older versions (or by hand) may carry no hits.
  return results.sanctionsList.flatMap((row) => (row.hits ?? []).filter((hit) => hit.score >= threshold && !hit.partial).map((hit) => hit.hitId));
}

/** The details the search gave, as the matcher read them: the news country stands for a nationality not given. */
function givenDetails(search: Pick<SearchRow, "details" | "country">) {
  const details = readSearchDetails(search.details);
  return { birthDate: details?.birthDate, nationality: details?.nationality ?? search.country, gender: null };
}

export async function clearanceRulesOf(db: DbOrTx, search: SearchRow): Promise<ClearanceRulesView> {
  const settings = await readSettings(db, reviewSettings);
  return {
    missingDetails: missingDetails(givenDetails(search)),
    matchTextMin: settings.writtenReasonToClearMatch ? CLEAR_MATCH_TEXT_MIN : null,
    sanctionsMatchHitIds: sanctionsMatchHitIds(search),
  };
}

/** Refuses (400) a decision its reason or its words cannot carry; nothing is written before this passes. */
export async function checkClearance(db: DbOrTx, search: SearchRow, hit: { hitId: string; kind: string }, input: DecideHitInput): Promise<void> {
  const missing = missingDetailFor(input.reason, missingDetails(givenDetails(search)));
  if (missing) throw new AppError(400, missingDetailMessage(input.reason, missing));
  if (input.decision !== "false_positive" || hit.kind !== "sanctions") return;
  const settings = await readSettings(db, reviewSettings);
  if (!settings.writtenReasonToClearMatch || meetsClearMatchText(input.text)) return;
  if (sanctionsMatchHitIds(search).includes(hit.hitId)) throw new AppError(400, clearMatchTextMessage());
}
