import type { SearchesCliText } from "./types.ts";

const hit = (d: { name: string; entityId: string; datasetId: string }) => `${d.name} (${d.entityId}, ${d.datasetId})`;
const state = (s: { score: number; match: boolean }) => `score ${s.score}${s.match ? ", match" : ""}`;

export const en: SearchesCliText = {
  differences: (count) => `${count} ${count === 1 ? "difference" : "differences"}:`,
  difference: (d) => {
    switch (d.kind) {
      case "matcher_version":
        return `matcher version differs: stored ${d.stored}, current ${d.current}`;
      case "version_missing":
        return `dataset version ${d.versionId} of ${d.datasetId} no longer exists`;
      case "version_changed":
        return `dataset version ${d.versionId} of ${d.datasetId} changed since the search (checksum ${d.stored.slice(0, 12)}… stored, ${d.current.slice(0, 12)}… now)`;
      case "hit_appeared":
        return `hit appeared: ${hit(d)}, ${state(d.now)}`;
      case "hit_disappeared":
        return `hit disappeared: ${hit(d)}, was ${state(d.stored)}`;
      case "hit_changed":
        return `hit changed: ${hit(d)}, ${state(d.stored)} stored, ${state(d.now)} now`;
    }
  },
  storedBeforeVersions: "cannot be verified: stored before versions were recorded",
  notScreened: "cannot be verified: the search has no results",
  mediaNote: "Adverse media is not re-run (news cannot be fetched again as it was): only the sanctions and PEP lists are verified.",
};
