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
  const { pathname } = useLocation();
  if (isLoading || (unavailable && !user)) return <FullPageSpinner />;
  if (!user) return <Navigate to="/login" replace />;
  // "Require 2FA for every account": the server refuses everything else until this user enrols.
  if (user.twoFactorSetupRequired && pathname !== "/settings/2fa") return <Navigate to="/settings/2fa" replace />;
  return children(user);
}
