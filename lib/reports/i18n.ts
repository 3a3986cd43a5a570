import type { Decision, DecisionReason, DecisionState, HitKind, NoteKind, ReviewStatus } from "../review/contract.ts";
import type { MediaCategory, RiskLevel, SourceStatus } from "../screening/results.ts";
import type { ReportLanguage } from "../screening/summary/phrasebook.ts";
import { de } from "./labels/de.ts";
import { en } from "./labels/en.ts";
import { es } from "./labels/es.ts";
import { fr } from "./labels/fr.ts";

/** The words of a batch's exports (CSV, Excel, the PDF summary); shared words come from ReportLabels itself. */
export interface BatchLabels {
  title: string;
  name: string;
  batchId: string;
  owner: string;
  statuses: Record<"pending" | "processing" | "completed" | "failed", string>;
  createdAt: string;
  completedAt: string;
  totalEntities: string;
  processed: string;
  failed: string;
  /** Rows not finished when the export was made. */
  unfinished: string;
  riskCounts: string;
  /** Said on an export of a batch still running. */
  stillRunning: string;
  notCheckedTitle: string;
  /** How many of the batch's entities a source could not be checked for. */
  entitiesAffected: string;
  attentionTitle: string;
  attentionIntro: string;
  attentionNone: string;
  /** The attention table was cut: `count` is already formatted. */
  more: (count: string) => string;
  columns: {
    sanctionsLists: string;
    sanctionsNames: string;
    mediaCount: string;
    negativeMedia: string;
    /** A narrow column: articles, and the negative ones in brackets. */
    mediaWithNegative: string;
    mediaChecked: string;
    notChecked: string;
    createdAt: string;
    finishedAt: string;
    notes: string;
  };
  resultsSheet: string;
}

/** The words of the daily activity report's exports (PDF, Excel). */
export interface DailyLabels {
  title: string;
  reportDate: string;
  scope: string;
  scopes: { instance: string; organisation: string; user: string };
  timeZone: string;
  status: string;
  statuses: Record<"pending" | "completed" | "failed", string>;
  totalSearches: string;
  manualSearches: string;
  automatedSearches: string;
  creditsUsed: string;
  uniqueUsers: string;
  highRiskFindings: string;
  riskDistribution: string;
  searchesByHour: string;
  byEntityType: string;
  byRiskLevel: string;
  statistics: string;
  successRate: string;
  peakHour: string;
  averagePerUser: string;
  sanctionsHits: string;
  adverseMediaHits: string;
  topTerms: string;
  term: string;
  count: string;
  searchesTitle: string;
  mode: string;
  manual: string;
  automated: string;
  time: string;
  noSearches: string;
  /** The report keeps the latest searches only: `count` (formatted) is how many of the day's it holds. */
  latestOnly: (count: string) => string;
  figure: string;
  value: string;
  hour: string;
  sheets: { overview: string; searchDetails: string; statistics: string; dailyRows: string };
}

/** The words of a monitored entity's changes report (PDF). */
export interface MonitoringLabels {
  title: string;
  entityId: string;
  frequency: string;
  frequencies: Record<"daily" | "weekly" | "monthly", string>;
  checkedAt: string;
  changedAt: string;
  /** The check that found the changes (its search id). */
  latestCheck: string;
  comparedWith: string;
  riskBefore: string;
  riskAfter: string;
  /** The level the review decisions on the last check leave, beside the screening's own ("screened"). */
  reviewedRisk: string;
  screened: string;
  customerRef: string;
  addedMatches: string;
  removedMatches: string;
  newMedia: string;
  notCheckedTitle: string;
  notCheckedNote: string;
  listedEntity: string;
  noChanges: string;
  trigger: string;
  triggers: Record<"schedule" | "list_update" | "manual", string>;
}

/** The words of the bulk exports: the history by date range and the monitoring portfolio (CSV, Excel). */
export interface ExportLabels {
  historySheet: string;
  portfolioSheet: string;
  /** The account a row belongs to (its email). */
  owner: string;
  /** The reasons of the decisions in effect on the search's hits. */
  decisionReasons: string;
  /** When its owner deleted the search (admins' and auditors' exports keep such searches, marked). */
  hidden: string;
  /** The lists screened, each with its version. */
  datasets: string;
  /** The lists an admin had disabled (not screened). */
  datasetsDisabled: string;
  status: string;
  statuses: Record<"active" | "paused", string>;
  lastCheck: string;
  nextCheck: string;
  checkState: string;
  checkStates: Record<"not_checked" | "running" | "completed" | "failed", string>;
}

/** The review of a search in its exports: its status, the decisions on its hits, its case notes. */
export interface ReviewLabels {
  title: string;
  status: string;
  statuses: Record<ReviewStatus, string>;
  /** Flagged hits nobody decided yet. */
  openHits: string;
  decisionsTitle: string;
  /** Said under the decisions' title: every decision, the ones replaced or rejected too. */
  decisionsNote: string;
  noDecisions: string;
  hit: string;
  hitKind: string;
  hitKinds: Record<HitKind, string>;
  decision: string;
  decisions: Record<Decision, string>;
  reason: string;
  reasons: Record<DecisionReason, string>;
  text: string;
  state: string;
  states: Record<DecisionState, string>;
  decidedBy: string;
  decidedAt: string;
  /** Who approved or rejected a proposal (four eyes), and when. */
  reviewedBy: string;
  reviewedAt: string;
  comment: string;
  notesTitle: string;
  noNotes: string;
  noteKind: string;
  noteKinds: Record<NoteKind, string>;
  author: string;
  sheet: string;
}

/** The words of an exported search report. */
export interface ReportLabels {
  /** A PEP listing's role, its positions and, for a relative or close associate, the PEPs it is linked to. */
  pepRole: string;
  pepPositions: string;
  pepRelated: string;
  title: string;
  confidential: string;
  generatedAt: string;
  searchTerm: string;
  entityType: string;
  entity: Record<"person" | "company", string>;
  searchDate: string;
  requestedBy: string;
  searchId: string;
  mediaLanguage: string;
  country: string;
  riskLevel: string;
  risk: Record<RiskLevel, string>;
  reasons: string;
  alertPep: string;
  alertHighRisk: string;
  alertClean: string;
  notClean: string;
  sanctionsMatches: string;
  /** Sanctions listings under the match threshold (lib/screening/hit-counts.ts): never matches, each to decide. */
  nearMisses: string;
  /** Near misses still waiting for a decision, beside the hits to decide. */
  nearMissesWaiting: string;
  adverseMediaCount: string;
  summaryTitle: string;
  summaryByModel: string;
  summaryBuiltIn: string;
  sanctionsTitle: (n: number) => string;
  matchFound: string;
  noMatch: string;
  source: string;
  match: string;
  details: string;
  lastUpdated: string;
  entityCount: string;
  link: string;
  matchedEntity: string;
  matchedAs: string;
  score: string;
  programs: string;
  nationality: string;
  birthDate: string;
  differences: string;
  pepTitle: string;
  pepNone: string;
  /** The counter of PEP listings. */
  pepListings: string;
  listVersion: string;
  /** Every news provider failed: said instead of "no articles". */
  mediaNotChecked: string;
  /** The badge of the failed-sources reason, instead of a risk level. */
  notChecked: string;
  /** The model wrote its summary in another language; the built-in one is shown. */
  summaryOtherLanguage: string;
  mediaTitle: (n: number) => string;
  noMedia: string;
  articleTitle: string;
  category: string;
  categories: Record<MediaCategory, string>;
  date: string;
  summary: string;
  negative: string;
  yes: string;
  no: string;
  datasetsTitle: string;
  /** The lists an admin had disabled when the search ran: not checked, named so the reader knows. */
  datasetsDisabled: string;
  dataset: string;
  type: string;
  datasetType: Record<"sanctions" | "pep", string>;
  versionDate: string;
  entities: string;
  sourcesTitle: string;
  kind: string;
  kinds: Record<SourceStatus["kind"], string>;
  status: string;
  statuses: Record<SourceStatus["status"], string>;
  error: string;
  failedNotice: string;
  none: string;
  page: (n: number, total: number) => string;
  sheets: { summary: string; sanctions: string; pep: string; media: string; sources: string };
  batch: BatchLabels;
  monitoring: MonitoringLabels;
  daily: DailyLabels;
  review: ReviewLabels;
  exports: ExportLabels;
}

/** Each language's words are in labels/<language>.ts. */
const LABELS: Record<ReportLanguage, ReportLabels> = { en, de, es, fr };

export function reportLabels(language: ReportLanguage): ReportLabels {
  return LABELS[language];
}
