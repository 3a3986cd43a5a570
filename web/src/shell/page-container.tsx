import type * as React from "react";

/**
 * The content column of every signed-in screen, so all screens share one width: AppLayout puts each screen in
 * it, and a screen never sets a width of its own (tests/browser/page-layout.test.ts measures them all).
 */
export function PageContainer({ children }: { children: React.ReactNode }) {
  return (
    <div data-testid="page-container" className="mx-auto flex w-full max-w-5xl flex-1 flex-col">
      {children}
    </div>
  );
}
