import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { serviceUnavailable, subscribeServiceStatus } from "./status-store";

/** Across the top of every screen while the server cannot do its work; it goes by itself once the server is back. */
export function ServiceUnavailableBanner() {
  const { t } = useTranslation();
  const unavailable = useSyncExternalStore(subscribeServiceStatus, serviceUnavailable);
  const queryClient = useQueryClient();
  const wasUnavailable = useRef(false);
  useEffect(() => {
    // Back again: everything shown may have failed meanwhile, so it is all fetched anew.
    if (wasUnavailable.current && !unavailable) void queryClient.invalidateQueries();
    wasUnavailable.current = unavailable;
  }, [unavailable, queryClient]);
  if (!unavailable) return null;
  return (
    <div
      role="alert"
      className="sticky top-0 z-50 border-b border-amber-300 bg-amber-50 px-4 py-2 text-center text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <strong className="font-semibold">{t("serviceStatus.title")}</strong> {t("serviceStatus.retrying")}
    </div>
  );
}
