import { ScreeningSearchBody } from "@duecheck/react/components/screening-search";
import { DuecheckAppProvider } from "@duecheck/react/context";
import { LoadErrorView } from "@duecheck/react/views/search/status-views";
import { useNavigate } from "@tanstack/react-router";
import { useAtomValue, useSetAtom } from "jotai";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { canScreen } from "../../../lib/auth/roles.ts";
import { useCurrentUser } from "../auth/use-current-user";
import { CasesGlance } from "../cases/cases-glance";
import { BuyCreditsLink } from "../credits/buy-credits-link";
import { SessionSanctionsNotice } from "../sanctions/session-data-notice";
import { PageHeader } from "../shell/page-header";
import { newSearchRequestAtom } from "./new-search-atom";
import { ReadOnlyHome } from "./read-only-home";
import { sessionTransport } from "./session-transport";
import { startedSearchesAtom } from "./started-searches-atom";
import { useSearchAllowance } from "./use-search-allowance";
import { useSearchEndRefresh, useSearchStartRefusal } from "./use-searches";

/**
 * / (the search screen): the form. As soon as the server accepts a search the app moves to its own address,
 * /searches/{id} (search-result-page.tsx), which shows the progress and then the results, and survives a reload.
 */
export function SearchPage() {
  const newSearchRequest = useAtomValue(newSearchRequestAtom);
  const { user } = useCurrentUser();
  if (user && !canScreen(user)) return <ReadOnlyHome />;
  return (
    <div className="grid w-full grid-cols-1 gap-6">
      <NewSearch key={newSearchRequest} />
      {/* The reader's cases under the form: what is theirs and what is late, when any case is open. */}
      <CasesGlance hideWhenEmpty />
    </div>
  );
}

/**
 * A new search: the embeddable package's search form over the signed-in session, with the app's header, credits,
 * list notice and toasts. Once the search is accepted (charged) the app moves to its page.
 */
function NewSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const allowance = useSearchAllowance();
  const refuse = useSearchStartRefusal();
  const refresh = useSearchEndRefresh();
  const setStarted = useSetAtom(startedSearchesAtom);
  const transport = useMemo(() => sessionTransport(), []);
  return (
    <DuecheckAppProvider transport={transport}>
      <ScreeningSearchBody
        header={<PageHeader title={t("search.title")} description={t("search.subtitle")} />}
        allowance={allowance}
        notice={<SessionSanctionsNotice />}
        askCountry={false}
        autoFocus
        insufficientAction={<BuyCreditsLink />}
        onStarted={(searchId) => {
          refresh();
          setStarted((started) => new Set(started).add(searchId));
          void navigate({ to: "/searches/$searchId", params: { searchId } });
        }}
        onStartError={refuse}
        onError={refresh}
        loadError={<LoadErrorView />}
      />
    </DuecheckAppProvider>
  );
}
