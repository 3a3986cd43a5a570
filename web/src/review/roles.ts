import type { UserRole } from "../../../lib/auth/schemas.ts";

/** Admins and reviewers review everyone's searches and approve proposals (the server's rule, lib/review/access.ts). */
export const reviewsEveryone = (user: { role: UserRole }) => user.role === "admin" || user.role === "reviewer";
