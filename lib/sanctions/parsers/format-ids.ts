/** The dataset formats the server can parse. Nothing is imported: request schemas the web bundle includes use it. */
export const DATASET_FORMAT_IDS = ["ofac_csv", "un_xml", "eu_xml", "uk_fcdo_csv", "opensanctions_ftm", "opensanctions_senzing"] as const;
export type DatasetFormat = (typeof DATASET_FORMAT_IDS)[number];
