import type { ListChoiceCliText } from "./types.ts";

export const es: ListChoiceCliText = {
  enabled: (id) => `${id} está activada: las búsquedas la consultan y se descarga según la programación.`,
  disabled: (id) => `${id} está desactivada: las búsquedas ya no la consultan (sus resultados la indican como desactivada) y no se descarga.`,
  alreadyEnabled: (id) => `${id} ya estaba activada.`,
  alreadyDisabled: (id) => `${id} ya estaba desactivada.`,
  column: "ACTIVA",
  yes: "sí",
  no: "no",
  enabledLists: "Listas activadas (consultadas):",
  disabledLists: "Listas desactivadas (no consultadas, no descargadas):",
  versionOf: (date) => `versión del ${date}`,
  noData: (status) => `sin datos (${status})`,
  offline: (ids, nextTry) => [
    `Sin red: las listas no se pueden descargar, sus editores no son accesibles (${ids}).`,
    "Dos formas de seguir:",
    "  - importar los archivos de una lista: duecheck datasets import ID RUTA (o la carga en la página Sanciones);",
    "  - desactivar las listas que no necesita: duecheck datasets disable ID.",
    nextTry
      ? `Próximo intento automático: ${nextTry} (la espera se duplica tras cada fallo, hasta 6 horas).`
      : "El próximo intento automático llegará con la próxima comprobación.",
  ],
};
