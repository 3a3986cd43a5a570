import { createRootRoute, createRoute, createRouter, Outlet } from "@tanstack/react-router";
import { LoginPage } from "./auth/login-page";
import { RegisterPage } from "./auth/register-page";
import { RequireAuth } from "./auth/require-auth";
import { TwoFactorPage } from "./auth/two-factor-page";
import { ProfilePage } from "./profile/profile-page";
import { SearchPage } from "./search/search-page";
import { AppLayout } from "./shell/app-layout";
import { NotFoundPage } from "./shell/not-found-page";
import { RootNotFound } from "./shell/root-not-found";

const rootRoute = createRootRoute({
  component: Outlet,
  notFoundComponent: RootNotFound,
});

const loginRoute = createRoute({ getParentRoute: () => rootRoute, path: "/login", component: LoginPage });
const registerRoute = createRoute({ getParentRoute: () => rootRoute, path: "/register", component: RegisterPage });

/** Every screen except /login and /register: behind the auth guard, inside the sidebar layout. */
const shellRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: "shell",
  component: () => (
    <RequireAuth>
      {(user) => (
        <AppLayout user={user}>
          <Outlet />
        </AppLayout>
      )}
    </RequireAuth>
  ),
  notFoundComponent: NotFoundPage,
});

const searchRoute = createRoute({ getParentRoute: () => shellRoute, path: "/", component: SearchPage });
const twoFactorRoute = createRoute({ getParentRoute: () => shellRoute, path: "/settings/2fa", component: TwoFactorPage });
const profileRoute = createRoute({ getParentRoute: () => shellRoute, path: "/profile", component: ProfilePage });

const routeTree = rootRoute.addChildren([
  loginRoute,
  registerRoute,
  shellRoute.addChildren([searchRoute, twoFactorRoute, profileRoute]),
]);

export const router = createRouter({ routeTree, defaultNotFoundComponent: NotFoundPage });

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}
