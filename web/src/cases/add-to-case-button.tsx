import { DuecheckError } from "@duecheck/react/api/errors";
import { Button } from "@duecheck/ui/button";
import { Spinner } from "@duecheck/ui/spinner";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { FolderPlusIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { canDecide } from "../../../lib/auth/roles.ts";
import { isFinished } from "../../../lib/screening/contract.ts";
import { useCurrentUser } from "../auth/use-current-user";
import { answer, api, serverErrorText } from "../lib/api";
import { REVIEWS_QUERY_KEY } from "../review/review-queries";
import { SEARCHES_QUERY_KEY, useSearchDetail } from "../search/use-searches";
import { CASES_QUERY_KEY } from "./case-queries";

const segment = encodeURIComponent;

/**
 * "Add to case" on a search's result page when the search is in no case (no hit to review, or screened before cases
 * were kept): the search goes into its subject's case not closed, which is opened by hand first when there is none
 * (POST /api/cases, whose 409 names the subject's case), then the case is shown. Auditors change nothing: not offered.
 */
export function AddToCaseButton({ searchId }: { searchId: string }) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const search = useSearchDetail(searchId, { poll: false });
  const add = useMutation({
    mutationFn: async () => {
      const s = search.data!;
      let caseId: string;
      try {
        const subject = { name: s.searchTerm, entityType: s.entityType, ...(s.details ?? {}) };
        caseId = (await answer(api.cases.$post({ json: { title: s.searchTerm, subject } }))).id;
      } catch (error) {
        // The subject has its case already: the search joins that one.
        if (!(error instanceof DuecheckError && error.status === 409 && typeof error.body.caseId === "string")) throw error;
        caseId = error.body.caseId;
      }
      await answer(api.cases[":id"].searches.$post({ param: { id: segment(caseId) }, json: { searchId } }));
      return caseId;
    },
    onSuccess: (caseId) => {
      for (const queryKey of [CASES_QUERY_KEY, REVIEWS_QUERY_KEY, SEARCHES_QUERY_KEY]) void queryClient.invalidateQueries({ queryKey });
      void navigate({ to: "/cases/$caseId", params: { caseId } });
    },
  });
  if (!user || !canDecide(user) || !search.data || search.data.caseId || !isFinished(search.data.status)) return null;
  return (
    <>
      <Button variant="outline" size="sm" disabled={add.isPending} onClick={() => add.mutate()} title={t("cases.addToCase.hint")} data-testid="add-to-case">
        {add.isPending ? <Spinner /> : <FolderPlusIcon aria-hidden />}
        {t("cases.addToCase.button")}
      </Button>
      {add.isError && (
        <p role="alert" className="w-full text-sm text-destructive" data-testid="add-to-case-error">
          {t(serverErrorText(add.error) ?? "cases.actions.failed")}
        </p>
      )}
    </>
  );
}
