import { eq } from "drizzle-orm";
import { type DbOrTx, schema } from "../../../data/db.ts";
import type { DatasetSourceFile } from "../../../data/schema/sanctions.ts";
import type { DatasetFormat } from "../parsers/index.ts";

export interface RegistryDataset {
  id: string;
  sourceName: string;
  datasetType: "sanctions" | "pep";
  format: DatasetFormat;
  urls: DatasetSourceFile[];
  description: string;
}

export const DEFAULT_DOWNLOAD_FREQUENCY_HOURS = 6;

const OFAC = "https://www.treasury.gov/ofac/downloads";
const files = (base: string, names: string[]) => names.map((name) => ({ name, url: `${base}/${name}` }));

/** The official lists every install starts with; an administrator may point their URLs at a mirror. */
export const OFFICIAL_DATASETS: RegistryDataset[] = [
  {
    id: "us_ofac_sdn",
    sourceName: "OFAC Specially Designated Nationals (SDN) List",
    datasetType: "sanctions",
    format: "ofac_csv",
    urls: files(OFAC, ["sdn.csv", "alt.csv", "add.csv", "sdn_comments.csv"]),
    description:
      "US Treasury Office of Foreign Assets Control: individuals and companies owned, controlled by or acting for targeted countries, terrorists and narcotics traffickers.",
  },
  {
    id: "us_ofac_cons",
    sourceName: "OFAC Consolidated Sanctions List (non-SDN)",
    datasetType: "sanctions",
    format: "ofac_csv",
    urls: files(`${OFAC}/consolidated`, ["cons_prim.csv", "cons_alt.csv", "cons_add.csv", "cons_comments.csv"]),
    description: "US Treasury OFAC's non-SDN lists (Sectoral Sanctions Identifications, Foreign Sanctions Evaders, NS-MBS and others) in one file set.",
  },
  {
    id: "un_sc_sanctions",
    sourceName: "UN Security Council Consolidated List",
    datasetType: "sanctions",
    format: "un_xml",
    urls: [{ name: "consolidated.xml", url: "https://scsanctions.un.org/resources/xml/en/consolidated.xml" }],
    description: "All individuals and entities subject to measures imposed by the United Nations Security Council.",
  },
  {
    id: "eu_fsf",
    sourceName: "EU Financial Sanctions Files (FSF)",
    datasetType: "sanctions",
    format: "eu_xml",
    urls: [
      {
        name: "eu_fsf.xml",
        // The public token is the one the Commission publishes for unauthenticated downloads of the full list.
        url: "https://webgate.ec.europa.eu/fsd/fsf/public/files/xmlFullSanctionsList_1_1/content?token=dG9rZW4tMjAxNw",
      },
    ],
    description: "Consolidated list of persons, groups and entities subject to EU financial sanctions, published by the European Commission.",
  },
  {
    id: "gb_fcdo_sanctions",
    sourceName: "UK Sanctions List (FCDO)",
    datasetType: "sanctions",
    format: "uk_fcdo_csv",
    urls: [{ name: "UK-Sanctions-List.csv", url: "https://sanctionslist.fcdo.gov.uk/docs/UK-Sanctions-List.csv" }],
    description: "The UK Sanctions List published by the Foreign, Commonwealth & Development Office; it replaced OFSI's consolidated list in 2026.",
  },
  {
    id: "us_congress_peps",
    sourceName: "US Congress Members (OpenSanctions PEPs)",
    datasetType: "pep",
    format: "opensanctions_senzing",
    urls: [{ name: "senzing.json", url: "https://data.opensanctions.org/datasets/latest/us_congress/senzing.json" }],
    description: "Current members of the US Senate and House of Representatives: politically exposed persons, via OpenSanctions.",
  },
];

/**
 * The official lists enabled at first start: DUECHECK_DATASETS names them (comma-separated ids, or `all`, the
 * default). It is read only when the official lists are first written into a new database; after that an admin
 * enables and disables lists (datasets enable|disable, the Sanctions page).
 */
export function firstStartDatasets(env: Record<string, string | undefined> = process.env): Set<string> {
  const raw = env.DUECHECK_DATASETS?.trim();
  const all = new Set(OFFICIAL_DATASETS.map((d) => d.id));
  if (!raw || raw.toLowerCase() === "all") return all;
  const ids = raw
    .split(",")
    .map((id) => id.trim())
    .filter(Boolean);
  const unknown = ids.filter((id) => !all.has(id));
  if (unknown.length)
    throw new Error(`Configuration error: DUECHECK_DATASETS names unknown lists: ${unknown.join(", ")} (known: ${[...all].join(", ")}, or all)`);
  if (!ids.some((id) => OFFICIAL_DATASETS.find((d) => d.id === id)?.datasetType === "sanctions")) {
    throw new Error("Configuration error: DUECHECK_DATASETS must name at least one sanctions list");
  }
  return new Set(ids);
}

/**
 * Adds the official datasets that are missing; rows that exist (and an admin's edits to them) are left alone. On a
 * new database (no official list yet) DUECHECK_DATASETS decides which are enabled; one added by a later release is
 * enabled.
 */
export async function seedDatasets(db: DbOrTx, env: Record<string, string | undefined> = process.env) {
  const existing = await db.select({ id: schema.sanctionsDatasets.id }).from(schema.sanctionsDatasets).where(eq(schema.sanctionsDatasets.custom, false));
  if (existing.length === OFFICIAL_DATASETS.length) return;
  const enabled = existing.length === 0 ? firstStartDatasets(env) : null;
  await db
    .insert(schema.sanctionsDatasets)
    .values(
      OFFICIAL_DATASETS.map((d) => ({
        enabled: enabled ? enabled.has(d.id) : true,
        id: d.id,
        sourceName: d.sourceName,
        datasetType: d.datasetType,
        format: d.format,
        urls: d.urls,
        autoDownload: true,
        downloadFrequency: DEFAULT_DOWNLOAD_FREQUENCY_HOURS,
        metadata: { description: d.description },
      })),
    )
    .onConflictDoNothing({ target: schema.sanctionsDatasets.id });
}
