import type { RetentionCliText } from "./types.ts";

export const es: RetentionCliText = {
  holdsTitle: (count) => `Retenciones legales (${count})`,
  noHolds: "No hay retenciones legales.",
  holdSet: (id) => `Retención legal ${id} establecida.`,
  holdLifted: (id) => `Retención legal ${id} levantada.`,
  giveOneTarget: "Indique --user CORREO o --search ID",
  active: "activa",
  lifted: "levantada",
  columns: { id: "ID", target: "RETIENE", reason: "MOTIVO", set: "ESTABLECIDA", state: "ESTADO" },
  purged: (searches, versions, held) => `Se eliminaron ${searches} búsquedas y ${versions} versiones de datos; ${held} conservadas por retenciones legales.`,
  wouldPurge: (searches, versions, held) =>
    `Simulación: se eliminarían ${searches} búsquedas y ${versions} versiones de datos; ${held} conservadas por retenciones legales.`,
};
