/**
 * Everything a case's report holds, read in a fixed number of queries whatever the case's size (its view, its
 * searches with their results and owners, every decision on their hits, every attachment): a report of a case with
 * fifty searches costs what one with five does. Attachments are listed from their metadata only; their bytes are
 * never read, and a removed one is listed too, with its checksum, when, by whom and why.
 */
import { asc, eq, inArray } from "drizzle-orm";
import { type DbOrTx, schema } from "../../../data/db.ts";
import { personName } from "../../auth/person-name.ts";
import type { Clock } from "../../clock.ts";
import type { SearchVerification } from "../../records/verify-contract.ts";
import type { DecisionState, HitDecisionView, HitKind } from "../../review/contract.ts";
import { decisionsOf, LIVE_STATES } from "../../review/search-review.ts";
import { reviewableHits } from "../../review/status.ts";
import { readResults, type SearchResults } from "../../screening/results.ts";
import type { CaseRow } from "../access.ts";
import type { AttachmentType, CaseView } from "../contract.ts";
import { caseView } from "../views.ts";

export interface CaseReportHit {
  hitId: string;
  kind: HitKind;
  /** The listed name or the article's title. */
  label: string;
  /** The list it was found on, or the article's outlet. */
  source: string | null;
  score: number | null;
  /** Covered by a remembered clearance: shown, never flagged. */
  cleared: boolean;
  /** The decision in effect (or proposed and awaiting approval); null when nobody decided it. */
  decision: HitDecisionView | null;
}

export interface CaseReportDataset {
  id: string;
  name: string;
  type: "sanctions" | "pep";
  versionDate: string;
  entityCount: number;
  versionId: string | null;
  checksum: string | null;
}

export interface CaseReportSearch {
  id: string;
  searchTerm: string;
  source: CaseView["searches"][number]["source"];
  status: string;
  reviewStatus: CaseView["searches"][number]["reviewStatus"];
  riskLevel: CaseView["searches"][number]["riskLevel"];
  openHits: number;
  createdAt: string;
  addedAt: string;
  screenedBy: string | null;
  datasets: CaseReportDataset[];
  matcherVersion: string | null;
  hits: CaseReportHit[];
  /** Every decision on its hits, oldest first, the ones replaced or rejected too. */
  history: HitDecisionView[];
  verification: SearchVerification;
}

export interface CaseReportAttachment {
  id: string;
  fileName: string;
  type: AttachmentType;
  size: number;
  sha256: string;
  uploader: string | null;
  createdAt: string;
  removedAt: string | null;
  removedBy: string | null;
  removedReason: string | null;
}

export interface CaseReportData {
  view: CaseView;
  organisation: string | null;
  searches: Omit<CaseReportSearch, "verification">[];
  /** Every file ever attached, oldest first; removed ones keep their name, size and checksum. */
  attachments: CaseReportAttachment[];
}

const s = schema.searches;
const a = schema.caseAttachments;

/** The hits a reviewer decides, each with its list or outlet and score, and the decision in effect on it. */
function hitsOf(results: SearchResults | null, history: HitDecisionView[]): CaseReportHit[] {
  if (!results) return [];
  const sources = new Map<string, { source: string | null; score: number | null }>();
  for (const row of results.sanctionsList) for (const hit of row.hits) sources.set(hit.hitId, { source: row.source, score: hit.score });
  for (const listing of results.pepListings) sources.set(listing.hitId, { source: listing.dataset, score: listing.score ?? null });
  for (const article of results.adverseMedia) sources.set(article.hitId, { source: article.source || null, score: null });
  // The last live decision of each hit: a replaced or rejected one no longer speaks for it.
  const live = new Map<string, HitDecisionView>();
  for (const d of history) if ((LIVE_STATES as readonly DecisionState[]).includes(d.state)) live.set(d.hitId, d);
  return reviewableHits(results).map((hit) => ({
    hitId: hit.hitId,
    kind: hit.kind,
    label: hit.label,
    source: sources.get(hit.hitId)?.source ?? null,
    score: sources.get(hit.hitId)?.score ?? null,
    cleared: hit.cleared,
    decision: live.get(hit.hitId) ?? null,
  }));
}

export async function readCaseReport(db: DbOrTx, row: CaseRow, clock: Clock): Promise<CaseReportData> {
  const view = await caseView(db, row.id, clock);
  const ids = view.searches.map((x) => x.id);
  const [searches, history, attachments, [organisation]] = await Promise.all([
    ids.length
      ? db
          .select({ id: s.id, results: s.results, screenedBy: personName(s.userId) })
          .from(s)
          .where(inArray(s.id, ids))
      : [],
    decisionsOf(db, ids),
    db
      .select({
        id: a.id,
        fileName: a.fileName,
        type: a.detectedType,
        size: a.size,
        sha256: a.sha256,
        uploader: personName(a.uploadedBy),
        createdAt: a.createdAt,
        removedAt: a.removedAt,
        removedBy: personName(a.removedBy),
        removedReason: a.removedReason,
      })
      .from(a)
      .where(eq(a.caseId, row.id))
      .orderBy(asc(a.createdAt), asc(a.id)),
    db.select({ name: schema.organisations.name }).from(schema.organisations).where(eq(schema.organisations.id, row.organisationId)),
  ]);
  const byId = new Map(searches.map((x) => [x.id, x]));
  const historyOf = new Map<string, HitDecisionView[]>();
  for (const d of history) historyOf.set(d.searchId, [...(historyOf.get(d.searchId) ?? []), d]);
  return {
    view,
    organisation: organisation?.name ?? null,
    searches: view.searches.map((x) => {
      const stored = byId.get(x.id);
      const results = readResults(stored?.results ?? null);
      const decisions = historyOf.get(x.id) ?? [];
      return {
        ...x,
        screenedBy: stored?.screenedBy ?? null,
        datasets: (results?.datasetsUsed ?? []).map((d) => ({
          id: d.id,
          name: d.name,
          type: d.type,
          versionDate: d.versionDate,
          entityCount: d.entityCount,
          versionId: d.versionId ?? null,
          checksum: d.checksum ?? null,
        })),
        matcherVersion: results?.provenance?.matcherVersion ?? null,
        hits: hitsOf(results, decisions),
        history: decisions,
      };
    }),
    attachments: attachments.map((x) => ({
      ...x,
      type: x.type as AttachmentType,
      createdAt: x.createdAt.toISOString(),
      removedAt: x.removedAt?.toISOString() ?? null,
    })),
  };
}
