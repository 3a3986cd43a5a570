import { useCurrentUser } from "../auth/use-current-user";
import { AppLayout } from "./app-layout";
import { FullPageSpinner } from "./full-page-spinner";
import { NotFoundPage } from "./not-found-page";

/** Unknown paths: the 404 page inside the shell for a signed-in user, on its own otherwise. */
export function RootNotFound() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <FullPageSpinner />;
  if (user) {
    return (
      <AppLayout user={user}>
        <NotFoundPage />
      </AppLayout>
    );
  }
  return (
    <main className="flex min-h-svh px-4">
      <NotFoundPage />
    </main>
  );
}
