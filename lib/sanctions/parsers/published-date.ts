import type { DatasetFormat } from "../datasets/schemas.ts";

/**
 * The date the publisher gave its list, read from the head of its files where the official format carries one:
 * the UN consolidated XML's `dateGenerated`, the EU Financial Sanctions Files' `generationDate`, and the UK list's
 * "Report Date:" (FCDO) or "Last Updated" (OFSI ConList) line. OFAC's legacy CSVs and the OpenSanctions exports carry
 * no list date, so those versions show their import time alone. The head is enough: each date sits before the
 * first entry. Answers an ISO date (with the time when the publisher gives one), or null.
 */
export const PUBLISHED_DATE_HEAD_BYTES = 4096;

const XML_ROOT_DATE: Partial<Record<DatasetFormat, RegExp>> = {
  un_xml: /<CONSOLIDATED_LIST\b[^>]*?\bdateGenerated="([^"]+)"/,
  eu_xml: /<export\b[^>]*?\bgenerationDate="([^"]+)"/,
};

/** "Report Date: 01/10/2025" or "Last Updated,01/10/2025" on the first line, day first. */
const UK_LINE = /^\uFEFF?\s*"?(?:Report Date:?|Last Updated)"?\s*,?\s*"?(\d{1,2})\/(\d{1,2})\/(\d{4})/i;

export function publishedDateOf(format: string, heads: { name: string; head: string }[]): string | null {
  for (const { head } of heads) {
    const date = fromHead(format as DatasetFormat, head);
    if (date) return date;
  }
  return null;
}

function fromHead(format: DatasetFormat, head: string): string | null {
  const root = XML_ROOT_DATE[format];
  if (root) {
    const found = root.exec(head)?.[1];
    if (!found) return null;
    const date = new Date(found);
    return Number.isNaN(date.getTime()) ? null : date.toISOString();
  }
  if (format === "uk_fcdo_csv") {
    const found = UK_LINE.exec(head);
    if (!found) return null;
    const [, day, month, year] = found;
    const iso = `${year}-${month.padStart(2, "0")}-${day.padStart(2, "0")}`;
    return Number.isNaN(new Date(iso).getTime()) ? null : iso;
  }
  return null;
}
