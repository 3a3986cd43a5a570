import type { EmbedCliText } from "./types.ts";

export const es: EmbedCliText = {
  added: (origin) => `Origen ${origin} permitido: las páginas de ese origen pueden usar los tokens de inserción de este usuario`,
  removed: (origin) => `Origen ${origin} eliminado`,
  notFound: (origin) => `${origin} no es un origen permitido de este usuario`,
  already: (origin) => `${origin} ya está permitido`,
  full: (max) => `Este usuario ya permite ${max} orígenes, el máximo posible. Elimine uno primero.`,
  columns: { origin: "ORIGEN", added: "AÑADIDO" },
  empty: "Aún no hay orígenes permitidos. Añada uno con: duecheck embed origins add https://app.example.com",
};
