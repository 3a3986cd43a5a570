import type { SearchDetails } from "@lib/screening/schemas.ts";
import { type ReactNode, useState } from "react";
import type { ScreeningView } from "../api/types.ts";
import { useDuecheck } from "../context.ts";
import { ShadowScope } from "../scope/shadow-scope.tsx";
import { EMPTY_DETAILS } from "../views/search/details/details-values.ts";
import { type SearchAllowance, SearchFormCard, type SearchFormValues } from "../views/search/search-form.tsx";
import { ProblemAlert } from "./problem-alert.tsx";
import { ScreeningResultBody } from "./screening-result.tsx";
import { useProblemText } from "./use-screening.ts";

export interface ScreeningSearchProps {
  /** The search has completed: its result (also shown). */
  onCompleted?: (search: ScreeningView) => void;
  /** The search could not be started (402 credits, 401 expired token...), failed, or could not be read. */
  onError?: (error: unknown) => void;
  /** The search was accepted (charged): its id. */
  onStarted?: (searchId: string) => void;
}

const EMPTY_FORM: SearchFormValues = { term: "", entityType: "person", details: EMPTY_DETAILS, country: "" };

/**
 * The search form (type, country, "More details": birth date, nationality, identifiers), then the progress while the
 * server screens, then the result with its exports.
 */
export function ScreeningSearch(props: ScreeningSearchProps) {
  return (
    <ShadowScope name="screening-search">
      <ScreeningSearchBody {...props} />
    </ShadowScope>
  );
}

export interface ScreeningSearchBodyProps extends ScreeningSearchProps {
  /** Above the form (the app's page header). */
  header?: ReactNode;
  /** The signed-in user's credits (the app); an embed token's owner's balance is not the page's business. */
  allowance?: SearchAllowance;
  /** Under the details (the app's notice of lists without data). */
  notice?: ReactNode;
  /** Whether the form asks for a country (default true). */
  askCountry?: boolean;
  /** A refusal to start: when given, the caller words it (the app's toasts) and no alert is shown. */
  onStartError?: (error: unknown) => void;
  /** 'Start New Search' was pressed (the form is empty again). */
  onNewSearch?: () => void;
  /** Instead of the package's alert when the search cannot be read. */
  loadError?: ReactNode;
  /** Whether the form takes the focus when it appears (the app's screen; never in someone else's page). */
  autoFocus?: boolean;
  /** Under 'Insufficient Credits': where more credits come from (the app's Buy Credits link). */
  insufficientAction?: ReactNode;
}

/** The flow without its own shadow root: the app's search screen renders this with its session's transport. */
export function ScreeningSearchBody({
  onCompleted,
  onError,
  onStarted,
  header,
  allowance,
  notice,
  askCountry = true,
  onStartError,
  onNewSearch,
  loadError,
  autoFocus = false,
  insufficientAction,
}: ScreeningSearchBodyProps) {
  const { transport } = useDuecheck();
  const problem = useProblemText();
  const [form, setForm] = useState<SearchFormValues>(EMPTY_FORM);
  const [pending, setPending] = useState(false);
  const [startProblem, setStartProblem] = useState<string | null>(null);
  const [active, setActive] = useState<{ id: string; term: string } | null>(null);

  async function start(details: SearchDetails | undefined) {
    const searchTerm = form.term.trim();
    setPending(true);
    setStartProblem(null);
    try {
      const { id } = await transport.startSearch({
        searchTerm,
        entityType: form.entityType,
        ...(form.country ? { country: form.country } : {}),
        ...(details ? { details } : {}),
      });
      setActive({ id, term: searchTerm });
      onStarted?.(id);
    } catch (error) {
      if (onStartError) onStartError(error);
      else setStartProblem(problem(error, "dc.startFailed"));
      onError?.(error);
    } finally {
      setPending(false);
    }
  }

  function startOver() {
    setActive(null);
    setForm(EMPTY_FORM);
    onNewSearch?.();
  }

  if (active) {
    return (
      <ScreeningResultBody
        searchId={active.id}
        pendingTerm={active.term}
        onCompleted={onCompleted}
        onError={onError}
        onNewSearch={startOver}
        loadError={loadError}
      />
    );
  }
  return (
    <div className="grid gap-6">
      {header}
      <SearchFormCard
        values={form}
        onChange={setForm}
        onSubmit={(details) => void start(details)}
        pending={pending}
        allowance={allowance}
        notice={notice}
        withCountry={askCountry}
        autoFocus={autoFocus}
        insufficientAction={insufficientAction}
      />
      {startProblem && <ProblemAlert text={startProblem} />}
    </div>
  );
}
