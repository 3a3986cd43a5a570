/**
 * The limits of a list uploaded from the web (POST /api/sanctions/datasets/{id}/import), shared by the server that
 * enforces them and the app that checks them before sending. Browser-safe: constants only.
 */

/** The largest upload (the request body): every list published today fits, zipped or not, with room to spare. */
export const DATASET_UPLOAD_MAX_BYTES = 50 * 1024 * 1024;

/** The multipart field that carries the list's files (one, several, a zip of them, or an export file). */
export const DATASET_UPLOAD_FIELD = "files";
