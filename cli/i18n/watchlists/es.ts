import type { WatchlistsCliText } from "./types.ts";

export const es: WatchlistsCliText = {
  created: (id, name) => `Lista de vigilancia ${id} creada: ${name}`,
  imported: (imported, duplicates, rejected, entries) =>
    `${imported} entradas importadas (${duplicates} ya existían, ${rejected} líneas rechazadas); la lista tiene ${entries} entradas`,
  rejectedLine: (line, error) => `línea ${line}: ${error}`,
  moreRejected: (count) => `... y ${count} líneas rechazadas más`,
  exported: (entries, file) => `${entries} entradas exportadas a ${file}`,
  modeInvalid: (value) => `--mode debe ser add o replace; se recibió '${value}'`,
  noFile: (file) => `No existe el archivo: ${file}`,
  empty: "Aún no hay listas de vigilancia. Cree una con: duecheck watchlists create NOMBRE --org ORGANISATION_ID",
  columns: { name: "NOMBRE", entries: "ENTRADAS", version: "VERSIÓN", id: "ID" },
};
