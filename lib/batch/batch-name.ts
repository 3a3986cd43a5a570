/**
 * A batch's name when the person gives none: the CSV's file name without its folder and its .csv ending
 * ("Quarterly customers.csv" is "Quarterly customers"), as they know the file by it. Browser-safe.
 */
export const BATCH_NAME_MAX = 200;

export function defaultBatchName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? fileName;
  const name = base.replace(/\.csv$/i, "").trim() || base.trim();
  return name.slice(0, BATCH_NAME_MAX) || "Batch";
}
