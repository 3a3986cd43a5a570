/**
 * What the sanctions API answers and accepts, for the server, the CLI, the app and @duecheck/react alike: the
 * dataset, list and search views (with zod schemas of the list search's answer), and the request schemas. Only zod,
 * the shared text rule and the entity model's and matcher's constants and types are imported (no database, no
 * parser): the browser bundles include this file.
 */
import { z } from "zod";
import { IDENTIFIER_KINDS } from "./entity.ts";
import { type MatchResult, NAME_PART_MATCHES } from "./matcher/types.ts";

export * from "./datasets/schemas.ts";
export type { MatchExplanation, MatchResult } from "./matcher/types.ts";

export type DatasetType = "sanctions" | "pep";

/** One file of a dataset: its name and where it is downloaded from. */
export interface DatasetSourceFile {
  name: string;
  url: string;
}

/** A kept version of a dataset, newest first in DatasetView.recent_versions. */
export interface DatasetVersionView {
  id: string;
  /** When this installation downloaded or imported it (an imported export: the list's source date). */
  version_date: string;
  /**
   * The date the publisher gave the list in its files (UN dateGenerated, EU generationDate, the UK list's report
   * date); absent when the format or the files carry none (OFAC's CSVs, the OpenSanctions exports).
   */
  published_at?: string;
  is_current: boolean;
  retention_reason: string | null;
  entity_count: number;
  file_size: number;
}

/** A dataset as the API and `datasets list --json` show it (snake_case names, as the request bodies take them). */
export interface DatasetView {
  id: string;
  source_name: string;
  dataset_type: DatasetType;
  format: string;
  /** The first file's URL; all files are in urls. */
  url: string | null;
  urls: DatasetSourceFile[];
  custom: boolean;
  /** Screened against and downloaded on schedule; a disabled list is named as disabled in every result. */
  enabled: boolean;
  auto_download: boolean;
  download_frequency: number;
  last_download_status: "success" | "failed" | "downloading" | null;
  last_download_at: string | null;
  last_download_size: number | null;
  last_download_error: string | null;
  /** network when the last download could not reach the publisher at all; publisher when it answered wrongly. */
  last_failure_kind: "network" | "publisher" | null;
  /** The next scheduled try after network failures (doubling, up to 6 hours); null when none is held back. */
  next_download_at: string | null;
  metadata: { description: string };
  recent_versions: DatasetVersionView[];
}

/** Whether a list can be searched now, as the search answers, the search forms and the CLI tell it. */
export interface ListState {
  id: string;
  source_name: string;
  dataset_type: DatasetType;
  /** The date of the version searched; null when the list has no version (it cannot be searched). */
  version_date: string | null;
  /** The last download: success, failed, downloading (one runs now) or null (never tried). */
  last_download_status: "success" | "failed" | "downloading" | null;
}

/**
 * The enabled lists whose downloads could not reach their publishers (no network): the site is offline for lists
 * until a file is imported or the lists not needed are disabled. The next scheduled try backs off up to 6 hours.
 */
export interface DownloadsOffline {
  lists: { id: string; source_name: string }[];
  /** The earliest next scheduled try. */
  next_attempt_at: string | null;
  /** The last error of the first of those lists. */
  error: string | null;
}

/** GET /api/sanctions/status. */
export interface ListStatesAnswer {
  /** The enabled lists; a disabled one is in `disabled`, never counted as missing. */
  lists: ListState[];
  /** The lists an administrator disabled: not searched, not downloaded on schedule. */
  disabled?: { id: string; source_name: string; dataset_type: DatasetType }[];
  /** Present while the downloads cannot reach the network. */
  offline?: DownloadsOffline | null;
}

export interface SanctionsAnswer {
  /** True when at least one result reaches the match threshold. */
  found: boolean;
  results: MatchResult[];
  /** The datasets searched: those asked for that have a current version. */
  searched: string[];
  /** Every list asked for: the searched ones with the date of the version searched, the others with version_date null. */
  lists: ListState[];
}

/** GET /api/sanctions/search (and /api/v1/sanctions/search): `error` with the lists when none of them has data (503). */
export type ListSearchAnswer = SanctionsAnswer & { error?: string };

/** A ListState as the list search answers it. */
export const listStateSchema = z.object({
  id: z.string(),
  source_name: z.string(),
  dataset_type: z.enum(["sanctions", "pep"]),
  version_date: z.string().nullable(),
  last_download_status: z.enum(["success", "failed", "downloading"]).nullable(),
});

/** A MatchResult of the list search: the listed entity, its score and how its name (and the details) met the query. */
export const matchResultSchema = z.object({
  id: z.string(),
  name: z.string(),
  schema: z.string(),
  score: z.number(),
  match: z.boolean(),
  partial: z.boolean().optional(),
  matchedName: z.string(),
  aliases: z.array(z.string()),
  nationality: z.array(z.string()),
  birthDate: z.array(z.string()),
  datasets: z.array(z.string()),
  sourceUrl: z.string().nullable(),
  explanation: z.object({
    parts: z.array(z.object({ query: z.string().nullable(), listed: z.string().nullable(), how: z.enum(NAME_PART_MATCHES), similarity: z.number() })),
  }),
  evidence: z
    .object({
      identifier: z.object({ kind: z.enum(IDENTIFIER_KINDS), value: z.string() }).optional(),
      birthDate: z.enum(["agrees", "differs"]).optional(),
      nationality: z.enum(["agrees", "differs"]).optional(),
      nameMatchesBirthDateDiffers: z.boolean().optional(),
      nameScore: z.number(),
    })
    .optional(),
});

/** The list search's answer (ListSearchAnswer): 200, or 503 with `error` and the lists when none of them has data. */
export const listSearchAnswerSchema = z.object({
  found: z.boolean(),
  results: z.array(matchResultSchema),
  searched: z.array(z.string()),
  lists: z.array(listStateSchema),
  error: z.string().optional(),
});

/** The schemas are the interfaces': the compiler refuses a field one has and the other lacks. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const answerShapesAgree: [
  Same<z.infer<typeof listStateSchema>, ListState>,
  Same<z.infer<typeof matchResultSchema>, MatchResult>,
  Same<z.infer<typeof listSearchAnswerSchema>, ListSearchAnswer>,
] = [true, true, true];
void answerShapesAgree;

export interface VersionSummary {
  id: string;
  version_date: string;
  entity_count: number;
  file_size: number;
}

/** POST /api/sanctions/datasets/{id}/download. */
/** `skipped_lines`: FollowTheMoney lines skipped as not JSON (up to 1 % of the file's lines); absent when none. */
export type DownloadResult =
  | { status: "success"; version: VersionSummary; skipped_lines?: number }
  | { status: "not_modified"; version: VersionSummary | null };

/** POST /api/sanctions/datasets/download-all. */
export interface DownloadAllResult {
  summary: { successful: number; failed: number };
  results: { id: string; status: "success" | "not_modified" | "failed"; error?: string }[];
}
