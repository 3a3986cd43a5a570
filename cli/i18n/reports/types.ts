/** The words of `duecheck reports`; the report's own figures are named with the export labels (lib/reports/i18n.ts). */
export interface ReportsCliText {
  /** No stored report of the day and scope. */
  notFound: (date: string) => string;
  generated: (date: string, scope: string) => string;
  exported: (date: string, path: string) => string;
  future: (date: string) => string;
  formatInvalid: (value: string) => string;
  cannotWrite: (path: string, reason: string) => string;
  of: (scope: string, zone: string) => string;
  generatedAt: (when: string) => string;
  none: string;
}
