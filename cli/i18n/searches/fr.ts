import type { SearchesCliText } from "./types.ts";

const hit = (d: { name: string; entityId: string; datasetId: string }) => `${d.name} (${d.entityId}, ${d.datasetId})`;
const state = (s: { score: number; match: boolean }) => `score ${s.score}${s.match ? ", correspondance" : ""}`;

export const fr: SearchesCliText = {
  differences: (count) => `${count} ${count === 1 ? "différence" : "différences"} :`,
  difference: (d) => {
    switch (d.kind) {
      case "matcher_version":
        return `la version du comparateur diffère : enregistrée ${d.stored}, actuelle ${d.current}`;
      case "version_missing":
        return `la version ${d.versionId} de ${d.datasetId} n'existe plus`;
      case "version_changed":
        return `la version ${d.versionId} de ${d.datasetId} a changé depuis la recherche (somme de contrôle ${d.stored.slice(0, 12)}… enregistrée, ${d.current.slice(0, 12)}… maintenant)`;
      case "hit_appeared":
        return `résultat apparu : ${hit(d)}, ${state(d.now)}`;
      case "hit_disappeared":
        return `résultat disparu : ${hit(d)}, était ${state(d.stored)}`;
      case "hit_changed":
        return `résultat modifié : ${hit(d)}, ${state(d.stored)} enregistré, ${state(d.now)} maintenant`;
    }
  },
  storedBeforeVersions: "vérification impossible : enregistrée avant que les versions ne soient consignées",
  notScreened: "vérification impossible : la recherche n'a pas de résultats",
  mediaNote:
    "Les médias défavorables ne sont pas réinterrogés (les actualités ne peuvent être récupérées telles quelles) : seules les listes de sanctions et de PPE sont vérifiées.",
};
