/** Request schemas of the dataset API (and the CLI's set-url); field names are snake_case, as in DatasetView. */
import { z } from "zod";
import { text } from "../../validation/text.ts";

/** The dataset formats the server can parse (each has its parser in ../parsers). */
export const DATASET_FORMAT_IDS = ["ofac_csv", "un_xml", "eu_xml", "uk_fcdo_csv", "opensanctions_ftm", "opensanctions_senzing"] as const;
export type DatasetFormat = (typeof DATASET_FORMAT_IDS)[number];

export const MAX_DOWNLOAD_FREQUENCY_HOURS = 168;

export const MAX_URL_LENGTH = 2048;

const httpUrl = text({ field: "url", max: MAX_URL_LENGTH, required: "url must be a string" }).pipe(
  z.url({ protocol: /^https?$/, error: "url must be an http:// or https:// URL" }),
);

const fileName = text({ field: "A file name", max: 200 })
  .min(1, "A file name must not be empty")
  .refine((name) => !/[\\/]/.test(name) && name !== "." && name !== "..", "A file name must not contain a path");

/** One source file; without a name, it keeps the name of the file in the same position or takes the URL's. */
export const sourceFileInput = z.strictObject({ name: fileName.optional(), url: httpUrl });
export type SourceFileInput = z.infer<typeof sourceFileInput>;

const urls = z.array(sourceFileInput).min(1, "urls must name at least one file").max(20, "urls may name at most 20 files");

export const downloadFrequency = z
  .number({ error: "download_frequency must be a number of hours" })
  .int("download_frequency must be a whole number of hours")
  .min(1, "download_frequency must be between 1 and 168 hours")
  .max(MAX_DOWNLOAD_FREQUENCY_HOURS, "download_frequency must be between 1 and 168 hours");

export const addDatasetSchema = z
  .strictObject({
    name: text({ field: "name", max: 120 }).min(2, "name must be at least 2 characters"),
    type: z.enum(["sanctions", "pep"], { error: "type must be sanctions or pep" }),
    format: z.enum(DATASET_FORMAT_IDS, { error: `format must be one of ${DATASET_FORMAT_IDS.join(", ")}` }),
    url: httpUrl.optional(),
    urls: urls.optional(),
    description: text({ field: "description", max: 1000, kind: "multiline" }).optional(),
    auto_download: z.boolean({ error: "auto_download must be true or false" }).optional(),
    download_frequency: downloadFrequency.optional(),
  })
  .refine((b) => (b.url === undefined) !== (b.urls === undefined), "Give either url or urls (not both)");
export type AddDatasetInput = z.infer<typeof addDatasetSchema>;
/** Body of POST /api/sanctions/datasets. */
export type AddDatasetRequest = z.input<typeof addDatasetSchema>;

export const updateDatasetSchema = z
  .strictObject({
    url: httpUrl.optional(),
    urls: urls.optional(),
    auto_download: z.boolean({ error: "auto_download must be true or false" }).optional(),
    download_frequency: downloadFrequency.optional(),
  })
  .refine((b) => !(b.url !== undefined && b.urls !== undefined), "Give either url or urls (not both)")
  .refine((b) => Object.values(b).some((v) => v !== undefined), "Nothing to change: give url, urls, auto_download or download_frequency");
export type UpdateDatasetInput = z.infer<typeof updateDatasetSchema>;

export const searchQuerySchema = z.object({
  term: text({ field: "term", max: 200 }).min(1, "term must not be blank"),
  type: z.enum(["person", "company"], { error: "type must be person or company" }).optional(),
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be between 1 and 50")
    .max(50, "limit must be between 1 and 50")
    .default(10),
});

export const MAX_DISABLE_REASON_LENGTH = 500;
export const DISABLE_REASON_REQUIRED = "A reason is required to disable a list";

/**
 * POST /api/sanctions/datasets/:id/disable: why the list is turned off for every screening. Required: disabling a
 * list changes what every search checks, and the audit entry keeps the reason beside who did it.
 */
export const disableDatasetSchema = z.object({
  reason: text({ field: "Reason", max: MAX_DISABLE_REASON_LENGTH, kind: "multiline", required: DISABLE_REASON_REQUIRED }).min(1, DISABLE_REASON_REQUIRED),
});
export type DisableDatasetInput = z.infer<typeof disableDatasetSchema>;
