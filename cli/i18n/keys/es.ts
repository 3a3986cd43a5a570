import type { KeysCliText } from "./types.ts";

export const es: KeysCliText = {
  created: (id, name) => `Clave de API ${id} creada: ${name}`,
  rotated: (name, until) => `Clave de API ${name} renovada: el secreto anterior funciona hasta ${until}`,
  key: (key) => `Clave: ${key}`,
  keyOnce: "Guarde la clave ahora: no se vuelve a mostrar. Envíela como 'Authorization: Bearer <clave>'.",
  scopes: (scopes) => `Permisos: ${scopes}`,
  revoked: (id) => `Clave de API ${id} revocada`,
  notFound: (id) => `Ninguna clave de API ${id} de este usuario`,
  scopesInvalid: (value, scopes) => `--scopes debe ser una lista separada por comas de ${scopes}; se recibió '${value}'`,
  graceInvalid: (value) => `--grace-hours debe ser un número entero de 0 a 168; se recibió '${value}'`,
  never: "nunca",
  expired: "caducada",
  rotatedUntil: (until) => `renovada, funciona hasta ${until}`,
  columns: { name: "NOMBRE", key: "CLAVE", scopes: "PERMISOS", expires: "CADUCA", lastUsed: "ÚLTIMO USO", address: "DESDE", uses: "USOS", id: "ID" },
  empty: "Aún no hay claves de API. Cree una con: duecheck keys create NOMBRE --scopes screen,read",
};
