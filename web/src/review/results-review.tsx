import { ResultsReviewContext, type ResultsReviewSlots } from "@duecheck/react/views/search/review-slots";
import type { ReactNode } from "react";
import { SearchMonitoringNote } from "../monitoring/search-monitoring-note";
import { HitReview } from "./hit-review";
import { LiveReviewStatus, SearchReviewPanel } from "./search-review-panel";

/**
 * The signed-in app's review on the shared results view: status, a decision under each hit, notes and timeline, and
 * above them whether the subject is monitored (with its one-click opt-out).
 */
const APP_REVIEW: ResultsReviewSlots = {
  status: (searchId) => <LiveReviewStatus searchId={searchId} />,
  hitActions: (hit) => <HitReview hit={hit} />,
  footer: (searchId) => <SearchReviewPanel searchId={searchId} />,
  notice: (searchId) => <SearchMonitoringNote searchId={searchId} />,
};

/** Every results view below it (a new search's, a stored one's) shows the app's review. */
export function AppResultsReview({ children }: { children: ReactNode }) {
  return <ResultsReviewContext.Provider value={APP_REVIEW}>{children}</ResultsReviewContext.Provider>;
}
