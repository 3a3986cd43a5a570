import { Spinner } from "@duecheck/ui/spinner";

export function FullPageSpinner() {
  return (
    <div className="flex min-h-svh items-center justify-center">
      <Spinner className="size-8 text-muted-foreground" />
    </div>
  );
}
