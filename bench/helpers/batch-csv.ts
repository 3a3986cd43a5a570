/**
 * The batch the benchmarks upload: a CSV a compliance team would write (a third list names, people and companies,
 * the rest clean names), read back into validated rows, and created over HTTP with the web app's two calls.
 */

import { readFileSync, writeFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { type Db, schema } from "../../data/db.ts";
import { type CreateSearchFields, createSearchSchema } from "../../lib/screening/schemas.ts";
import { FIRST_NAMES as FIRST, LAST_NAMES as LAST } from "./services.ts";

const COMPANY = ["Nordic Timber", "Harbor Bakery", "Alpine Dental", "Greenfield Farms", "Bluewater Logistics", "Maple Printing"];

/** Writes the CSV: every third row a name of the imported OFAC SDN list, the others clean people and companies. */
export async function writeBatchCsv(db: Db, path: string, rows: number) {
  const listed = await db
    .select({ name: schema.sanctionsEntities.name, schema: schema.sanctionsEntities.schema })
    .from(schema.sanctionsEntities)
    .where(eq(schema.sanctionsEntities.datasetId, "us_ofac_sdn"))
    .orderBy(schema.sanctionsEntities.id)
    .limit(Math.ceil(rows / 3));
  const quote = (s: string) => `"${s.replaceAll('"', '""')}"`;
  const lines = ["name,type,country"];
  for (let i = 0; i < rows; i++) {
    const hit = i % 3 === 0 ? listed[(i / 3) % listed.length] : undefined;
    if (hit) lines.push(`${quote(hit.name)},${hit.schema === "Person" ? "person" : "company"},`);
    else if (i % 7 === 1) lines.push(`${quote(`${COMPANY[i % COMPANY.length]} ${i} Ltd`)},company,GB`);
    else lines.push(`${quote(`${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]} ${i}`)},person,`);
  }
  writeFileSync(path, lines.join("\r\n"));
}

/** The batch CSV read back into the rows of a batch (name, type, country), each validated as a search. */
export function readBatchCsv(path: string): CreateSearchFields[] {
  const records = parse(readFileSync(path), { columns: true, skip_empty_lines: true }) as { name: string; type: string; country: string }[];
  return records.map((r) => createSearchSchema.parse({ searchTerm: r.name, entityType: r.type, country: r.country || undefined }));
}

/** Makes the batch as the web app does, signed in by `cookie`: the batch, then its entities; answers its id. */
export async function createBatchOverHttp(url: string, cookie: string, entities: CreateSearchFields[], name = "bench"): Promise<string> {
  const headers = { "content-type": "application/json", origin: url, cookie };
  const call = async (path: string, body: unknown) => {
    const res = await fetch(`${url}${path}`, { method: "POST", headers, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<{ id: string }>;
  };
  const { id } = await call("/api/batch-jobs", { name, totalEntities: entities.length, status: "processing" });
  await call(`/api/batch-jobs/${id}/entities`, { entities });
  return id;
}
