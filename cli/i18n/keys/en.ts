import type { KeysCliText } from "./types.ts";

export const en: KeysCliText = {
  created: (id, name) => `API key ${id} created: ${name}`,
  rotated: (name, until) => `API key ${name} rotated: the old secret works until ${until}`,
  key: (key) => `Key: ${key}`,
  keyOnce: "Store the key now: it is not shown again. Send it as 'Authorization: Bearer <key>'.",
  scopes: (scopes) => `Scopes: ${scopes}`,
  revoked: (id) => `API key ${id} revoked`,
  notFound: (id) => `No API key ${id} of this user`,
  scopesInvalid: (value, scopes) => `--scopes must be a comma-separated list of ${scopes}, got '${value}'`,
  graceInvalid: (value) => `--grace-hours must be a whole number from 0 to 168, got '${value}'`,
  never: "never",
  expired: "expired",
  rotatedUntil: (until) => `rotated, works until ${until}`,
  columns: { name: "NAME", key: "KEY", scopes: "SCOPES", expires: "EXPIRES", lastUsed: "LAST USED", address: "FROM", uses: "USES", id: "ID" },
  empty: "No API keys yet. Make one with: duecheck keys create NAME --scopes screen,read",
};
