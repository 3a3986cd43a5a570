import type { KeysCliText } from "./types.ts";

export const de: KeysCliText = {
  created: (id, name) => `API-Schlüssel ${id} erstellt: ${name}`,
  rotated: (name, until) => `API-Schlüssel ${name} erneuert: das alte Geheimnis gilt bis ${until}`,
  key: (key) => `Schlüssel: ${key}`,
  keyOnce: "Speichern Sie den Schlüssel jetzt: er wird nicht erneut angezeigt. Senden Sie ihn als 'Authorization: Bearer <Schlüssel>'.",
  scopes: (scopes) => `Berechtigungen: ${scopes}`,
  revoked: (id) => `API-Schlüssel ${id} widerrufen`,
  notFound: (id) => `Kein API-Schlüssel ${id} dieses Benutzers`,
  scopesInvalid: (value, scopes) => `--scopes muss eine kommagetrennte Liste aus ${scopes} sein, erhalten: '${value}'`,
  graceInvalid: (value) => `--grace-hours muss eine ganze Zahl von 0 bis 168 sein, erhalten: '${value}'`,
  never: "nie",
  expired: "abgelaufen",
  rotatedUntil: (until) => `erneuert, gilt bis ${until}`,
  columns: {
    name: "NAME",
    key: "SCHLÜSSEL",
    scopes: "BERECHTIGUNGEN",
    expires: "LÄUFT AB",
    lastUsed: "ZULETZT GENUTZT",
    address: "VON",
    uses: "AUFRUFE",
    id: "ID",
  },
  empty: "Noch keine API-Schlüssel. Erstellen Sie einen mit: duecheck keys create NAME --scopes screen,read",
};
