import { Toaster } from "@duecheck/ui/toaster";
import { TooltipProvider } from "@duecheck/ui/tooltip";
import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { Provider as JotaiProvider } from "jotai";
import { queryClient } from "./lib/query-client";
import { router } from "./router";
import { ServiceUnavailableBanner } from "./service-status/service-unavailable-banner";
import { ThemeProvider } from "./shell/theme-provider";

export function App() {
  return (
    <JotaiProvider>
      <QueryClientProvider client={queryClient}>
        <ThemeProvider>
          <TooltipProvider>
            <ServiceUnavailableBanner />
            <RouterProvider router={router} />
            <Toaster />
          </TooltipProvider>
        </ThemeProvider>
      </QueryClientProvider>
    </JotaiProvider>
  );
}
