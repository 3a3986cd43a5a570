import type { Database } from "../data/db.ts";
import type { ApiKeyScope } from "../lib/auth/api-key-scopes.ts";
import type { UserRow } from "../lib/auth/sessions.ts";
import type { AppConfig } from "../lib/config.ts";
import type { VerifiedEmbedToken } from "../lib/embed/tokens.ts";

/** What every route can reach: the database, the configuration and the key that seals stored secrets. */
export interface AppContext {
  database: Database;
  config: AppConfig;
  instanceKey: Uint8Array;
}

export interface AppEnv {
  Bindings: {
    requestIP?: (req: Request) => { address: string } | null;
    /** Lifts Bun's idle timeout for one long request (dataset downloads). */
    noTimeout?: (req: Request) => void;
  };
  Variables: {
    ctx: AppContext;
    /** Set when the request carries a valid session cookie. */
    user?: UserRow;
    sessionId?: string;
    /** /api/v1: the API key that authenticated the call (a key's own call, not an embed token's). */
    apiKeyId?: string;
    /** /api/v1: what that key may do (lib/auth/api-key-scopes.ts); for an embed token, what the key it came from may. */
    apiKeyScopes?: ApiKeyScope[];
    /** /api/v1: the embed token that authenticated the call; its origin was checked against the owner's list. */
    embedToken?: VerifiedEmbedToken;
    /** The client's address (server/middleware/client-info.ts), null when the server was not told it. */
    clientIp: string | null;
    secureRequest: boolean;
    /** The origin the client addressed: its scheme and Host, or a trusted proxy's X-Forwarded-Proto and -Host. */
    requestOrigin: string;
  };
}
