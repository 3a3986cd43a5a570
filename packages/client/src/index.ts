/**
 * @duecheck/client: the duecheck public API (/api/v1) from TypeScript or JavaScript. Every call and type is generated
 * from the API's OpenAPI document (src/generated, `npm run generate:client`), named after its operationId; this file
 * only binds them to a server and a key:
 *
 *   const duecheck = createClient({ server: "https://duecheck.example.com", apiKey: process.env.DUECHECK_API_KEY! });
 *   const search = await duecheck.screenName({ searchTerm: "Rustam Karimov", entityType: "person" }, { wait: 30 });
 *
 * A call answers the success's body; any other answer throws a DuecheckApiError (status, the server's message), and a
 * server that cannot be reached a DuecheckConnectionError naming the address tried.
 */

import type { CallOptions, ClientConfig } from "./fetcher.ts";
import * as generated from "./generated/api.ts";

export { apiBase, type CallOptions, type ClientConfig, DuecheckApiError, DuecheckConnectionError } from "./fetcher.ts";
export type * from "./generated/api.ts";

type Generated = typeof generated;
/** The API's calls: the generated functions that return a promise (not the get…Url helpers or the enums). */
type OperationName = { [K in keyof Generated]: Generated[K] extends (...args: never[]) => Promise<unknown> ? K : never }[keyof Generated];
export type DuecheckClient = { [K in OperationName]: Generated[K] };

/**
 * A client for one server and key. Each function takes the generated function's arguments; its last one (the fetch
 * options: a signal, more headers) may be left out, and the server, the key and the client's fetch are added to it.
 */
export function createClient(config: ClientConfig): DuecheckClient {
  if (!/^https?:\/\//.test(config.server)) throw new TypeError(`server must be an http(s) address, not ${JSON.stringify(config.server)}`);
  if (!config.apiKey) throw new TypeError("apiKey is required");
  const client: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(generated)) {
    if (typeof value !== "function" || name.endsWith("Url")) continue;
    const call = value as (...args: unknown[]) => Promise<unknown>;
    // The options are the generated function's last declared parameter, whatever the caller left out before them.
    const at = call.length - 1;
    client[name] = (...args: unknown[]) => {
      const full = Array.from({ length: call.length }, (_, i) => args[i]);
      full[at] = { ...(args[at] as CallOptions | undefined), client: config };
      return call(...full);
    };
  }
  return client as DuecheckClient;
}
