import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { organisations } from "./organisations.ts";
import { users } from "./users.ts";

/** Signed-in sessions. The id is the SHA-256 of the cookie token; the token itself is never stored. */
export const sessions = pgTable(
  "sessions",
  {
    id: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Idle lifetime fixed at login from the user's sessionDuration. */
    idleMinutes: integer().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    userAgent: text(),
    ipAddress: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.userId)],
);

/** "Remember this browser for 30 days": token holds the SHA-256 of the browser cookie. */
export const browserTokens = pgTable(
  "browser_tokens",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    token: text().notNull().unique(),
    userAgent: text(),
    ipAddress: text(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    lastUsedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.userId)],
);

/** Public API keys: only the SHA-256 of the key is kept; prefix is shown masked in lists. */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The organisation it belongs to: every member who may read the team's records finds it; its member made it. */
    organisationId: uuid()
      .notNull()
      .references(() => organisations.id),
    name: text().notNull(),
    keyHash: text().notNull().unique(),
    keyPrefix: text().notNull(),
    lastUsed: timestamp({ withTimezone: true }),
    /** The address of the last call made with it, so its owner can tell their systems' use from someone else's. */
    lastUsedIp: text(),
    usageCount: integer().notNull().default(0),
    /** What it may do (lib/auth/api-key-scopes.ts), never more than its owner may. */
    scopes: jsonb().$type<string[]>().notNull().default(["screen", "read"]),
    /** After this it is refused with 401; null: until revoked. Rotation sets it to the end of the grace period. */
    expiresAt: timestamp({ withTimezone: true }),
    /** The key that replaced it when it was rotated: it stays valid until expiresAt, then only the new one works. */
    replacedById: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.userId), index().on(t.organisationId, t.createdAt)],
);

/**
 * Short-lived tokens a host application's backend asks for with its API key (POST /api/v1/embed-tokens) and hands to
 * the embedded screening components in a browser: bound to the key's owner, scoped, stored hashed.
 */
export const embedTokens = pgTable(
  "embed_tokens",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The organisation it belongs to: every member who may read the team's records finds it; its member made it. */
    organisationId: uuid()
      .notNull()
      .references(() => organisations.id),
    /** The key that asked for it; a deleted key takes its tokens with it. */
    apiKeyId: uuid()
      .notNull()
      .references(() => apiKeys.id, { onDelete: "cascade" }),
    tokenHash: text().notNull().unique(),
    scopes: jsonb().$type<string[]>().notNull().default([]),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.userId), index().on(t.expiresAt)],
);

/** Browser origins allowed to call the public API with a user's embed tokens (CORS), one row each. */
export const embedOrigins = pgTable(
  "embed_origins",
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** scheme://host[:port], lower-cased, no path. */
    origin: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.origin] }), index().on(t.origin)],
);

/** Fixed-window counters shared by every server process (login throttling, API rate limits). */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text().notNull(),
    windowStart: timestamp({ withTimezone: true }).notNull(),
    count: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index().on(t.expiresAt)],
);

/**
 * One-time links sent or handed to a person: a password reset, an invitation to set a first password, the
 * confirmation of a registration's email address, or the confirmation of a new one. Only the SHA-256 of the token is kept; usedAt makes it single-use.
 */
export const accountTokens = pgTable(
  "account_tokens",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** password_reset, invitation, email_confirmation or email_change (lib/auth/account-tokens.ts). */
    kind: text().notNull(),
    tokenHash: text().notNull().unique(),
    /** email_change: the address the account moves to once the link mailed to it is opened. */
    newEmail: text(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.userId, t.kind), index().on(t.expiresAt)],
);

/** Two-factor recovery codes: ten per enrolment, only their SHA-256 kept, each accepted once at the code prompt. */
export const twoFactorRecoveryCodes = pgTable(
  "two_factor_recovery_codes",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text().notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.userId)],
);

/**
 * Addresses an account has signed in from with its full credentials. While the account as a whole is locked by failed
 * sign-ins from many addresses, its owner's known addresses still get in (lib/auth/login-throttle.ts).
 */
export const signInAddresses = pgTable(
  "sign_in_addresses",
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ipAddress: text().notNull(),
    lastSignInAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.ipAddress] })],
);
