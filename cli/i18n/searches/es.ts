import type { SearchesCliText } from "./types.ts";

const hit = (d: { name: string; entityId: string; datasetId: string }) => `${d.name} (${d.entityId}, ${d.datasetId})`;
const state = (s: { score: number; match: boolean }) => `puntuación ${s.score}${s.match ? ", coincidencia" : ""}`;

export const es: SearchesCliText = {
  differences: (count) => `${count} ${count === 1 ? "diferencia" : "diferencias"}:`,
  difference: (d) => {
    switch (d.kind) {
      case "matcher_version":
        return `la versión del comparador difiere: guardada ${d.stored}, actual ${d.current}`;
      case "version_missing":
        return `la versión ${d.versionId} de ${d.datasetId} ya no existe`;
      case "version_changed":
        return `la versión ${d.versionId} de ${d.datasetId} cambió desde la búsqueda (suma de control ${d.stored.slice(0, 12)}… guardada, ${d.current.slice(0, 12)}… ahora)`;
      case "hit_appeared":
        return `resultado nuevo: ${hit(d)}, ${state(d.now)}`;
      case "hit_disappeared":
        return `resultado desaparecido: ${hit(d)}, era ${state(d.stored)}`;
      case "hit_changed":
        return `resultado cambiado: ${hit(d)}, ${state(d.stored)} guardado, ${state(d.now)} ahora`;
    }
  },
  storedBeforeVersions: "no se puede verificar: guardada antes de que se registraran las versiones",
  notScreened: "no se puede verificar: la búsqueda no tiene resultados",
  mediaNote:
    "Los medios adversos no se vuelven a consultar (las noticias no pueden obtenerse tal como eran): solo se verifican las listas de sanciones y de PEP.",
};
