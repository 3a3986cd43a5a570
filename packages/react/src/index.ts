/** @duecheck/react: duecheck's screening screens for another application's pages. */

export { DuecheckError } from "./api/errors.ts";
export { type DuecheckTransport, type Fetcher, publicApiTransport } from "./api/transport.ts";
export type * from "./api/types.ts";
export { BatchUpload, type BatchUploadProps } from "./components/batch-upload.tsx";
export { MonitoringList, type MonitoringListProps } from "./components/monitoring-list.tsx";
export { SanctionsLookup, type SanctionsLookupProps } from "./components/sanctions-lookup.tsx";
export { ScreeningResult, type ScreeningResultProps } from "./components/screening-result.tsx";
export { ScreeningSearch, type ScreeningSearchProps } from "./components/screening-search.tsx";
export type { DuecheckLanguage, TranslationOverrides } from "./i18n/create-i18n.ts";
export { DuecheckProvider, type DuecheckProviderProps, type DuecheckTheme } from "./provider.tsx";
