export { buildSearchPdf } from "./pdf/search-pdf.ts";
export { reportLanguage, type SearchReport } from "./search-report.ts";
export { buildSearchXlsx } from "./xlsx/search-xlsx.ts";
