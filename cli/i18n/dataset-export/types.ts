export interface DatasetExportCliText {
  /** After `datasets export`: where the file went and what it carries. */
  written: (id: string, file: string, date: string, entities: number, checksum: string) => string;
}
