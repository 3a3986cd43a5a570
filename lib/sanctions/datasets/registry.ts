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

/** Adds the official datasets that are missing; rows that exist (and an admin's edits to them) are left alone. */
export async function seedDatasets(db: DbOrTx) {
  await db
    .insert(schema.sanctionsDatasets)
    .values(
      OFFICIAL_DATASETS.map((d) => ({
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
