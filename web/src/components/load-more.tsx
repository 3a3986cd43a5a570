import { Button } from "@duecheck/ui/button";
import { Spinner } from "@duecheck/ui/spinner";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";

/**
 * The end of a paged list: loads the next page as it scrolls into view (400 px ahead), and is a button for
 * keyboard users and for browsers that never report it visible.
 */
export function LoadMore({ hasMore, loading, loaded, onLoad }: { hasMore: boolean; loading: boolean; loaded: number; onLoad: () => void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const load = useRef(onLoad);
  load.current = onLoad;

  // Observed again after each page (loaded changes): when the end is still in view, the next page follows.
  // biome-ignore lint/correctness/useExhaustiveDependencies: observed again after each page (loaded changes)
  useEffect(() => {
    const element = ref.current;
    if (!hasMore || loading || !element) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && load.current(), { rootMargin: "400px" });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, loading, loaded]);

  if (!hasMore) return null;
  return (
    <div ref={ref} className="flex justify-center py-2" data-testid="load-more">
      <Button variant="outline" onClick={onLoad} disabled={loading}>
        {loading && <Spinner />}
        {t("common.loadMore")}
      </Button>
    </div>
  );
}
