/** Who calls the MCP server and what it works with: the same lib/ functions as the public API, for the same user. */
import type { Db } from "../../data/db.ts";
import type { ApiKeyScope } from "../auth/api-key-scopes.ts";
import { type AuthenticatedKey, scopesAllowedTo } from "../auth/api-keys.ts";
import type { UserRow } from "../auth/sessions.ts";
import type { JobQueue } from "../jobs/queue.ts";
import type { SanctionsIndexCache } from "../sanctions/index-cache/cache.ts";

/** The caller: a user and the scopes they act with. */
export interface McpPrincipal {
  user: UserRow;
  scopes: ApiKeyScope[];
  /** The API key of an HTTP caller: every tool call and resource read counts against its limits. Null over stdio. */
  keyId: string | null;
  /** How the audit log names the caller. */
  actorKind: "api_key" | "cli";
  ipAddress: string | null;
}

/** What the tools work with, given by the process that serves them (the server's, or the CLI's own). */
export interface McpDeps {
  db: Db;
  /** The search queue a new search is queued on. */
  queue: JobQueue;
  /** The sanctions index the list search and the name comparison read. */
  sanctions: SanctionsIndexCache;
  /** The app's address, for the links to a search's page; null: links relative to the app. */
  appBaseUrl: string | null;
  /** Aborts the waits of a call whose client went away. */
  signal?: AbortSignal;
}

/** An HTTP caller: the key's owner with the key's scopes. */
export const keyPrincipal = (key: AuthenticatedKey, ipAddress: string | null): McpPrincipal => ({
  user: key.user,
  scopes: key.scopes,
  keyId: key.keyId,
  actorKind: "api_key",
  ipAddress,
});

/**
 * The stdio server's caller (`duecheck mcp --user EMAIL`), which has no key: the user with every scope their role
 * allows a key to have (scopesAllowedTo). Whoever runs the CLI on the host already holds the database and could do
 * all of it with the other commands; narrowing it would protect nothing. The user's role still applies in every lib/
 * call, as it does behind a key (a read-only user reads, only an instance admin's admin scope works).
 */
export const hostPrincipal = (user: UserRow): McpPrincipal => ({
  user,
  scopes: scopesAllowedTo(user),
  keyId: null,
  actorKind: "cli",
  ipAddress: null,
});
