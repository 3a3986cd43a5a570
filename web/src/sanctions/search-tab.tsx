import { SanctionsLookupBody } from "@duecheck/react/components/sanctions-lookup";
import { DuecheckAppProvider } from "@duecheck/react/context";
import { toast } from "@duecheck/ui/use-toast";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { sessionTransport } from "../search/session-transport";
import { SessionSanctionsNotice } from "./session-data-notice";
import { useDatasets } from "./use-sanctions";

/**
 * Search tab: a name or company looked up across every sanctions-type dataset, with what else is known of the subject
 * (More details: birth date, nationality, identifiers) weighed as in a search. The embeddable package's list search
 * (packages/react) over the signed-in session, with the app's list notice, dataset names and toasts.
 */
export function SearchTab() {
  const { t } = useTranslation();
  const datasets = useDatasets();
  const transport = useMemo(() => sessionTransport(), []);
  const datasetNames = useMemo(() => new Map((datasets.data ?? []).map((d) => [d.id, d.source_name])), [datasets.data]);
  return (
    <DuecheckAppProvider transport={transport}>
      <SanctionsLookupBody
        notice={<SessionSanctionsNotice />}
        datasetNames={datasetNames}
        chooseLists={false}
        // Without data the page itself says so (and which lists are missing); a toast would vanish with the reason.
        // Partial matches and close entries are results: "No Results" only when the list is empty.
        onAnswer={(answer) => {
          if (!answer.found && !answer.error && answer.results.length === 0)
            toast({ title: t("sanctions.noResults"), description: t("sanctions.noResultsDescription") });
        }}
        onSearchError={() => toast({ variant: "destructive", title: t("sanctions.searchFailed"), description: t("sanctions.searchFailedDescription") })}
      />
    </DuecheckAppProvider>
  );
}
