/** Shapes of the /api/sanctions answers (spec part 1 sections 3 and 7). */
import type { MatchExplanation } from "../../../../../lib/sanctions/matcher/types.ts";
import type { MatchEvidence } from "../../../../../lib/screening/results.ts";

export type DatasetType = "sanctions" | "pep";
export type DownloadStatus = "success" | "failed" | "downloading";
export type RetentionReason = "previous" | "week_old" | "month_old";

export interface DatasetVersion {
  id: string | number;
  version_date: string;
  is_current: boolean;
  retention_reason: RetentionReason | null;
  entity_count: number | null;
  file_size: number | null;
}

export interface SanctionsDataset {
  id: string;
  source_name: string;
  dataset_type: DatasetType | string;
  format: string;
  url?: string | null;
  urls?: { name: string; url: string }[] | null;
  custom?: boolean;
  auto_download: boolean;
  download_frequency: number;
  last_download_status: DownloadStatus | string | null;
  last_download_at: string | null;
  last_download_size: number | null;
  last_download_error?: string | null;
  metadata?: { description?: string | null } | null;
  recent_versions?: DatasetVersion[] | null;
}

/** The dataset formats the server can parse (lib/sanctions/parsers DATASET_FORMAT_IDS). */
export const DATASET_FORMATS = ["ofac_csv", "un_xml", "eu_xml", "uk_fcdo_csv", "opensanctions_ftm", "opensanctions_senzing"] as const;
export type DatasetFormat = (typeof DATASET_FORMATS)[number];

/** Body of POST /api/sanctions/datasets (lib/sanctions/datasets/schemas.ts addDatasetSchema, one URL). */
export interface AddDatasetBody {
  name: string;
  type: DatasetType;
  format: DatasetFormat;
  url: string;
  description?: string;
}

export interface DownloadAnswer {
  status: "success" | "not_modified";
  version?: unknown;
}

export interface DownloadAllAnswer {
  summary: { successful: number; failed: number };
  results?: unknown[];
}

export interface SanctionsSearchResult {
  id: string;
  name: string;
  schema: string;
  score: number;
  match?: boolean;
  matchedName?: string | null;
  aliases?: string[] | null;
  nationality?: string[] | null;
  birthDate?: string[] | null;
  datasets?: string[] | null;
  sourceUrl?: string | null;
  /** The query names only part of the listed name (a lone surname): shown as a partial match, never a Match. */
  partial?: boolean;
  /** Which parts of the name matched and how. */
  explanation?: MatchExplanation;
  /** What the details searched with (birth date, nationality, identifiers) said of the listing. */
  evidence?: MatchEvidence;
}

/** A list as the search answer and GET /api/sanctions/status describe it (lib/sanctions/availability.ts). */
export interface ListState {
  id: string;
  source_name: string;
  dataset_type: DatasetType | string;
  /** The version searched; null when the list has no data yet. */
  version_date: string | null;
  last_download_status: DownloadStatus | null;
}

export interface SanctionsSearchAnswer {
  found: boolean;
  results: SanctionsSearchResult[];
  error?: string;
  searched?: string[];
  lists?: ListState[];
}
