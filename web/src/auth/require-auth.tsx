import { Navigate, useLocation } from "@tanstack/react-router";
import type * as React from "react";
import type { PublicUser } from "../../../lib/auth/schemas.ts";
import { FullPageSpinner } from "../shell/full-page-spinner";
import { useCurrentUser } from "./use-current-user";

/**
 * Auth guard: a spinner while GET /api/auth/me loads (or while the server cannot answer it: the banner says so, and
 * the screen appears once it is back), then /login when nobody is signed in.
 */
export function RequireAuth({ children }: { children: (user: PublicUser) => React.ReactNode }) {
  const { user, isLoading, unavailable } = useCurrentUser();
  if (isLoading || (unavailable && !user)) return <FullPageSpinner />;
  if (!user) return <Navigate to="/login" replace />;
  if (user.twoFactorSetupRequired) return <EnrolFirst>{children(user)}</EnrolFirst>;
  return children(user);
}

/**
 * "Require 2FA for every account": the server refuses everything else until this user enrols, so every screen but
 * /settings/2fa sends them there. Mounted only for such a user: reading the location in the guard itself would re-run
 * its redirect to /login on every navigation after signing out.
 */
function EnrolFirst({ children }: { children: React.ReactNode }) {
  const { pathname } = useLocation();
  if (pathname !== "/settings/2fa") return <Navigate to="/settings/2fa" replace />;
  return children;
}
