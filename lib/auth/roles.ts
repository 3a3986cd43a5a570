/**
 * What each role may do, in one place for the server, the app and the CLI (browser-safe: no database import). An
 * auditor reads every user's records, as an admin reads them, and changes nothing: no screening, no decision, no
 * setting, no credits, no keys that could screen. The server enforces these rules on every route; the app and the
 * CLI only use them to leave out what would be refused. Who spends no credits at all is a rule of credits
 * (lib/credits/contract.ts): credits sit below auth, which grants the welcome credits.
 */
import { hasUnlimitedCredits } from "../credits/contract.ts";
import type { OrganisationRole } from "../organisations/contract.ts";
import type { UserRole } from "./schemas.ts";

/** A user's instance role and, where known, their role in their organisation (the server's row or the app's profile). */
type WithRole = { role: UserRole; organisationRole?: OrganisationRole; organisation?: { role: OrganisationRole } | null };

/** Read-only roles: every write is refused with 403, whatever the route: the instance's auditor, and an organisation's. */
export const isReadOnly = (user: WithRole) => user.role === "auditor" || (user.organisationRole ?? user.organisation?.role) === "auditor";

/** May start searches, batches and monitoring (and so spend credits or create API keys that would). */
export const canScreen = (user: WithRole) => !isReadOnly(user);

/** May decide hits, write notes, escalate and take review items on (their own; reviewers and admins everyone's). */
export const canDecide = (user: WithRole) => !isReadOnly(user);

/** Reads the admin screens' views (users, activity, searches, hidden ones included, the audit log): admins and auditors. */
export const readsAdminViews = (user: WithRole) => user.role === "admin" || user.role === "auditor";

/** Reads every user's searches, decisions and notes (the review queue across users): admins, reviewers and auditors. */
export const readsEveryone = (user: WithRole) => user.role === "admin" || user.role === "reviewer" || user.role === "auditor";

/** Reads the whole audit log (the routes, the menu entry and the screen ask this one rule): admins and auditors. */
export const readsAuditLog = (role: UserRole) => readsAdminViews({ role });

/** Exports any user's history or portfolio: admins and auditors. */
export const exportsEveryone = readsAdminViews;

/** Buys credits: a user who spends them (not an unlimited or a read-only account). */
export const buysCredits = (user: WithRole) => canScreen(user) && !hasUnlimitedCredits(user);

/**
 * Runs the team's records: besides their maker, the organisation's owners and admins pause and remove a colleague's
 * monitoring, and list and revoke every member's API keys and webhooks (a key that leaked, a member who left). Not the
 * reviewers: they decide hits, they do not run other members' work.
 */
export const managesTeamRecords = (role: OrganisationRole) => role === "owner" || role === "admin";

export const READ_ONLY_MESSAGE = "The auditor role is read-only";
