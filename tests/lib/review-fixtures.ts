/** Reviews of a search to order, for the report tests: none yet, or one with decisions in every state and notes. */
import type { HitDecisionView, SearchReviewView } from "../../lib/review/contract.ts";

/** A search nobody reviewed yet. */
export const noReview: SearchReviewView = {
  status: "needs_review",
  openHits: 2,
  decisions: [],
  history: [],
  notes: [],
  assignee: null,
  escalatedAt: null,
  fourEyes: false,
};

const decision = (patch: Partial<HitDecisionView>): HitDecisionView => ({
  id: crypto.randomUUID(),
  searchId: "4f1c2a9e-1111-4c1d-9a55-0d1e2f3a4b5c",
  hitId: "s:ofac-36001",
  hitKind: "sanctions",
  hitLabel: "Viktor Ivanovich PETROV",
  decision: "false_positive",
  reason: "different_birth_date",
  text: null,
  remember: false,
  state: "decided",
  decidedBy: "Jana Novak",
  decidedById: crypto.randomUUID(),
  decidedAt: "2024-05-02T10:00:00.000Z",
  reviewedBy: null,
  reviewedById: null,
  reviewedAt: null,
  reviewComment: null,
  ...patch,
});

/**
 * Petrov's search reviewed with four eyes: a false positive replaced by a true match that a second reviewer approved,
 * an article's proposal rejected, the PEP listing cleared as another person; a note and an escalation.
 */
export function petrovReview(): SearchReviewView {
  const replaced = decision({ state: "replaced", text: "Born 1965, the listing says 1961" });
  const approved = decision({
    decision: "true_match",
    reason: "confirmed_identity",
    text: "Passport number agrees",
    state: "approved",
    decidedAt: "2024-05-02T11:00:00.000Z",
    reviewedBy: "Rita Viewer",
    reviewedAt: "2024-05-02T12:00:00.000Z",
    reviewComment: "Checked against the passport copy",
  });
  const rejected = decision({
    hitId: "m:1",
    hitKind: "media",
    hitLabel: "Petrov linked to sanctioned bank",
    reason: "other",
    text: "A namesake",
    state: "rejected",
    decidedAt: "2024-05-02T11:30:00.000Z",
    reviewedBy: "Rita Viewer",
    reviewedAt: "2024-05-02T12:10:00.000Z",
    reviewComment: "The article names our subject",
  });
  const pep = decision({
    hitId: "p:Viktor Petrov",
    hitKind: "pep",
    hitLabel: "Viktor Petrov",
    reason: "different_nationality",
    decidedAt: "2024-05-02T11:45:00.000Z",
  });
  return {
    status: "confirmed",
    openHits: 1,
    decisions: [approved, pep],
    history: [replaced, approved, rejected, pep],
    notes: [
      { id: crypto.randomUUID(), kind: "note", text: "Client onboarding on hold", author: "Jana Novak", authorId: null, createdAt: "2024-05-02T10:30:00.000Z" },
      {
        id: crypto.randomUUID(),
        kind: "escalation",
        text: "Please look at the birth date",
        author: "Jana Novak",
        authorId: null,
        createdAt: "2024-05-02T10:40:00.000Z",
      },
    ],
    assignee: null,
    escalatedAt: null,
    fourEyes: true,
  };
}
