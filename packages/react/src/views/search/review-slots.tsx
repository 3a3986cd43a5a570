import type { HitKind } from "@lib/review/contract.ts";
import { createContext, type ReactNode, useContext } from "react";

/** A flagged hit as the results view names it to whoever decides on it. */
export interface ReviewHitRef {
  searchId: string;
  /** Stable within the search (the hit's own hitId). */
  hitId: string;
  kind: HitKind;
  /** The listed name or the article's title. */
  label: string;
  /** Covered by a remembered clearance of an unchanged listing: shown, but nothing to decide. */
  cleared: boolean;
}

/**
 * Where a host puts its review of a search into the results view: the package only shows what the results
 * themselves say (a remembered clearance), never who may decide; the signed-in app fills these with its own
 * components. Every slot is optional: without them the view is the plain result (the embeddable package's).
 */
export interface ResultsReviewSlots {
  /** Beside the risk badge: what reviewers made of the hits. */
  status?: (searchId: string) => ReactNode;
  /** Under each flagged hit (each sanctions hit, each PEP listing, each negative article): its decision and actions. */
  hitActions?: (hit: ReviewHitRef) => ReactNode;
  /** Under the results: case notes, escalation, the timeline. */
  footer?: (searchId: string) => ReactNode;
  /** Above the results: what the host says of the search beyond its findings (the app: its subject's monitoring). */
  notice?: (searchId: string) => ReactNode;
}

/**
 * The slots for every results view below it, for hosts that do not render ResultsView themselves (the search flow
 * renders it once the search completes). A `review` prop on ResultsView wins over the context.
 */
export const ResultsReviewContext = createContext<ResultsReviewSlots | null>(null);

export function useResultsReview(own?: ResultsReviewSlots): ResultsReviewSlots {
  const fromContext = useContext(ResultsReviewContext);
  return own ?? fromContext ?? {};
}

/** What a results section is given: the hit actions with the search already named. */
export type SectionHitActions = (hit: Omit<ReviewHitRef, "searchId">) => ReactNode;
