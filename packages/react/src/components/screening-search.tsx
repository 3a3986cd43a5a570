import { useState } from "react";
import { EMPTY_DETAILS } from "../../../../web/src/search/details/details-values.ts";
import { SearchFormCard, type SearchFormValues } from "../../../../web/src/search/search-form.tsx";
import type { SearchDetails } from "../../../../lib/screening/schemas.ts";
import type { ScreeningView } from "../api/types.ts";
import { useDuecheck } from "../provider.tsx";
import { ShadowScope } from "../scope/shadow-scope.tsx";
import { ProblemAlert } from "./problem-alert.tsx";
import { ScreeningResultBody } from "./screening-result.tsx";
import { useProblemText } from "./use-screening.ts";

export interface ScreeningSearchProps {
  /** The search has completed: its result (also shown below unless showResult is false). */
  onCompleted?: (search: ScreeningView) => void;
  /** The search could not be started (402 credits, 401 expired token...), failed, or could not be read. */
  onError?: (error: unknown) => void;
  /** The search was accepted (charged): its id. */
  onStarted?: (searchId: string) => void;
}

const EMPTY_FORM: SearchFormValues = { term: "", entityType: "person", details: EMPTY_DETAILS, country: "" };

/**
 * The search form (type, country, "More details": birth date, nationality, identifiers), then the progress while the
 * server screens (polled every 2 s), then the result with its exports.
 */
export function ScreeningSearch(props: ScreeningSearchProps) {
  return (
    <ShadowScope name="screening-search">
      <ScreeningSearchBody {...props} />
    </ShadowScope>
  );
}

function ScreeningSearchBody({ onCompleted, onError, onStarted }: ScreeningSearchProps) {
  const { transport } = useDuecheck();
  const problem = useProblemText();
  const [form, setForm] = useState<SearchFormValues>(EMPTY_FORM);
  const [pending, setPending] = useState(false);
  const [startProblem, setStartProblem] = useState<string | null>(null);
  const [active, setActive] = useState<string | null>(null);

  async function start(details: SearchDetails | undefined) {
    setPending(true);
    setStartProblem(null);
    try {
      const { id } = await transport.startSearch({
        searchTerm: form.term.trim(),
        entityType: form.entityType,
        ...(form.country ? { country: form.country } : {}),
        ...(details ? { details } : {}),
      });
      setActive(id);
      onStarted?.(id);
    } catch (error) {
      setStartProblem(problem(error, "dc.startFailed"));
      onError?.(error);
    } finally {
      setPending(false);
    }
  }

  function startOver() {
    setActive(null);
    setForm(EMPTY_FORM);
  }

  if (active) return <ScreeningResultBody searchId={active} onCompleted={onCompleted} onError={onError} onNewSearch={startOver} />;
  return (
    <div className="grid gap-4">
      <SearchFormCard values={form} onChange={setForm} onSubmit={(details) => void start(details)} pending={pending} withCountry />
      {startProblem && <ProblemAlert text={startProblem} />}
    </div>
  );
}
