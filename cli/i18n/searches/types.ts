import type { VerifyDifference } from "../../../lib/records/verify-contract.ts";

/** The words of `duecheck searches`. "identical" is printed as is in every language: scripts test for it. */
export interface SearchesCliText {
  differences: (count: number) => string;
  difference: (d: VerifyDifference) => string;
  storedBeforeVersions: string;
  notScreened: string;
  mediaNote: string;
}
