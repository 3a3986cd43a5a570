/** The words of `duecheck keys`. */
export interface KeysCliText {
  created: (id: string, name: string) => string;
  rotated: (name: string, until: string) => string;
  key: (key: string) => string;
  keyOnce: string;
  scopes: (scopes: string) => string;
  revoked: (id: string) => string;
  notFound: (id: string) => string;
  scopesInvalid: (value: string, scopes: string) => string;
  graceInvalid: (value: string) => string;
  never: string;
  expired: string;
  rotatedUntil: (until: string) => string;
  columns: { name: string; key: string; scopes: string; expires: string; lastUsed: string; address: string; uses: string; id: string };
  empty: string;
}
