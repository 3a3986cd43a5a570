/** Who spends credits, for the server, the CLI and the app alike (browser-safe: no database import). */
import type { UserRole } from "../auth/schemas.ts";

/** Spends no credits: searches are never charged and the balance shows "Unlimited" (admins). */
export const hasUnlimitedCredits = (user: { role: UserRole }) => user.role === "admin";
