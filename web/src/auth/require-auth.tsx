import { Navigate } from "@tanstack/react-router";
import type * as React from "react";
import type { PublicUser } from "../../../lib/auth/schemas.ts";
import { FullPageSpinner } from "../shell/full-page-spinner";
import { useCurrentUser } from "./use-current-user";

/** Auth guard: a spinner while GET /api/auth/me loads, then /login when nobody is signed in. */
export function RequireAuth({ children }: { children: (user: PublicUser) => React.ReactNode }) {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <FullPageSpinner />;
  if (!user) return <Navigate to="/login" replace />;
  return children(user);
}
