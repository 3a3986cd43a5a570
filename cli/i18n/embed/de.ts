import type { EmbedCliText } from "./types.ts";

export const de: EmbedCliText = {
  added: (origin) => `Origin ${origin} erlaubt: Seiten dort dürfen die Embed-Tokens dieses Benutzers verwenden`,
  removed: (origin) => `Origin ${origin} entfernt`,
  notFound: (origin) => `${origin} ist kein erlaubter Origin dieses Benutzers`,
  already: (origin) => `${origin} ist bereits erlaubt`,
  full: (max) => `Dieser Benutzer erlaubt bereits ${max} Origins, mehr sind nicht möglich. Entfernen Sie zuerst einen.`,
  columns: { origin: "ORIGIN", added: "HINZUGEFÜGT" },
  empty: "Noch keine erlaubten Origins. Fügen Sie einen hinzu mit: duecheck embed origins add https://app.example.com",
};
