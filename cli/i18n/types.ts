import type { UserRole } from "../../lib/auth/schemas.ts";
import type { PipelineStage } from "../../lib/screening/pipeline.ts";
import type { AdminCliText } from "./admin/types.ts";
import type { BatchDetailsCliText } from "./batch-details/types.ts";
import type { BillingCliText } from "./billing/types.ts";
import type { CasesCliText } from "./cases/types.ts";
import type { DatasetExportCliText } from "./dataset-export/types.ts";
import type { EmbedCliText } from "./embed/types.ts";
import type { ExportsCliText } from "./exports/types.ts";
import type { KeysCliText } from "./keys/types.ts";
import type { ListChoiceCliText } from "./list-choice/types.ts";
import type { MatchingCliText } from "./matching/types.ts";
import type { MonitorCliText } from "./monitor/types.ts";
import type { OrganisationCliText } from "./organisations/types.ts";
import type { QueryByExampleCliText } from "./query-by-example/types.ts";
import type { ReportsCliText } from "./reports/types.ts";
import type { RetentionCliText } from "./retention/types.ts";
import type { ReviewCliText } from "./review/types.ts";
import type { SearchesCliText } from "./searches/types.ts";
import type { WatchlistsCliText } from "./watchlists/types.ts";
import type { WebhookCliText } from "./webhooks/types.ts";

type SearchStatus = "pending" | "processing" | "completed" | "failed";
type Level = "critical" | "high" | "medium" | "low";

/**
 * The words the CLI prints that are its own. Risk labels, reasons, entity types, media categories and source kinds
 * come from the report labels (lib/reports/i18n.ts) and the phrasebook, so the CLI and the exports say the same.
 */
export interface CliText {
  noUser: (email: string) => string;
  noAdmin: string;
  /** One-word risk levels, for columns. */
  levels: Record<Level, string>;
  statuses: Record<SearchStatus, string>;
  /**
   * Lists a search cannot check yet, by why (each a list of names; empty when none); `offline` the ids of lists whose
   * last download could not reach the network (advise importing files instead of downloading).
   */
  listsMissing: (facts: {
    all: boolean;
    missing: number;
    total: number;
    downloading: string[];
    failed: string[];
    never: string[];
    offline: string[];
  }) => string;
  search: {
    linksInvalid: (value: string) => string;
    insufficientCredits: (cost: number) => string;
    started: (id: string, email: string, credits: number) => string;
    stages: Record<PipelineStage, string>;
    stage: (term: string, stage: string) => string;
    queuedHere: string;
    queuedServer: string;
    queuedWorker: string;
    runningElsewhere: (term: string, onServer: boolean) => string;
    deleted: string;
    failed: string;
    meta: (id: string, when: string, credits: number) => string;
    sanctionsHeader: (searched: number, matched: number) => string;
    failedSources: string;
  };
  history: {
    title: (email: string, total: number) => string;
    teamTitle: (email: string, total: number) => string;
    columns: { date: string; name: string; type: string; status: string; risk: string; id: string; by: string };
    empty: string;
    noOlder: string;
    older: (command: string) => string;
    limitInvalid: (value: string) => string;
    beforeInvalid: (value: string) => string;
  };
  users: {
    created: (role: string, email: string, credits: number) => string;
    columns: { email: string; name: string; role: string; credits: string; status: string; twoFactor: string; lastLogin: string };
    roles: Record<UserRole, string>;
    unlimited: string;
    active: string;
    inactive: string;
    on: string;
    off: string;
    never: string;
    none: string;
  };
  credits: {
    amountInvalid: (value: string) => string;
    added: (amount: number, email: string, balance: number) => string;
  };
  datasets: {
    columns: {
      id: string;
      type: string;
      format: string;
      auto: string;
      status: string;
      lastDownload: string;
      inUse: string;
      size: string;
      entities: string;
      versions: string;
      error: string;
    };
    types: Record<"sanctions" | "pep", string>;
    every: (hours: number) => string;
    off: string;
    statuses: Record<"success" | "failed" | "downloading" | "never", string>;
    results: Record<"success" | "not_modified" | "failed", string>;
    none: string;
    noVersion: string;
    idOrAll: string;
    failedLine: (id: string, error: string) => string;
    summary: (successful: number, failed: number) => string;
    notModified: (id: string, version?: { date: string; entities: number }) => string;
    identical: (id: string, version?: { date: string; entities: number }) => string;
    newVersion: (id: string, date: string, entities: number, size: string) => string;
    /** FollowTheMoney lines an import skipped as not JSON. */
    skippedLines: (count: number) => string;
    downloadFailed: (id: string, message: string) => string;
    added: (type: string, id: string, format: string) => string;
    urlsNow: (id: string) => string;
    progressFile: (id: string, file: string, index: number, count: number) => string;
    progressBytes: (id: string, file: string, received: string, total?: string) => string;
    progressChecking: (id: string, files: number, size: string) => string;
  };
  sanctions: {
    termOrFile: string;
    cannotRead: (path: string) => string;
    noTerms: (path: string) => string;
    /** No list asked for has a version: "sanctions", "peps", or the dataset ids asked for. */
    noData: (selection: string) => string;
    answer: (found: boolean, term: string, lists: string) => string;
    columns: { score: string; match: string; name: string; schema: string; matchedName: string; birth: string; nationality: string; datasets: string };
    yes: string;
    no: string;
  };
  batch: {
    cannotRead: (path: string) => string;
    notCsv: string;
    notFound: (id: string) => string;
    /** The file was refused whole (the reason names the line); nothing was charged. */
    fileRefused: (path: string, reason: string) => string;
    insufficientCredits: (rows: number, required: number, available: number) => string;
    started: (id: string, email: string, rows: number, credits: number) => string;
    detached: (id: string) => string;
    waiting: string;
    progress: (p: { done: number; total: number; failed: number; rate: number; etaSeconds: number | undefined }) => string;
    summary: (name: string, id: string, status: string) => string;
    counts: (total: number, processed: number, failed: number) => string;
    risks: (counts: string) => string;
    failedRows: (failed: number) => string;
    columns: {
      name: string;
      status: string;
      entities: string;
      processed: string;
      failed: string;
      created: string;
      completed: string;
      id: string;
      term: string;
      type: string;
      risk: string;
      sanctions: string;
      media: string;
      searchId: string;
      owner: string;
    };
    empty: string;
    noResults: string;
    mediaNotChecked: string;
    more: (command: string) => string;
    limitInvalid: (value: string) => string;
    cursorInvalid: (value: string) => string;
    formatInvalid: (value: string) => string;
    /** The export was written (the path is absolute). */
    exported: (name: string, path: string) => string;
    cannotWrite: (path: string, reason: string) => string;
  };
  db: { migrated: (database: string) => string };
  serve: {
    running: (url: string) => string;
    database: (description: string) => string;
    firstAdmin: string;
    email: string;
    password: string;
    passwordOnce: string;
    passwordFromEnv: string;
    signIn: (url: string) => string;
  };
  keys: KeysCliText;
  webhooks: WebhookCliText;
  watchlists: WatchlistsCliText;
  organisations: OrganisationCliText;
  embed: EmbedCliText;
  searches: SearchesCliText;
  matching: MatchingCliText;
  queryByExample: QueryByExampleCliText;
  batchDetails: BatchDetailsCliText;
  reports: ReportsCliText;
  monitor: MonitorCliText;
  review: ReviewCliText;
  cases: CasesCliText;
  billing: BillingCliText;
  admin: AdminCliText;
  retention: RetentionCliText;
  listChoice: ListChoiceCliText;
  datasetExport: DatasetExportCliText;
  exports: ExportsCliText;
}
