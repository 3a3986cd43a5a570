import { Button } from "@duecheck/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@duecheck/ui/dialog";
import { Spinner } from "@duecheck/ui/spinner";
import { toast } from "@duecheck/ui/use-toast";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CopyMinusIcon } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { answer, api, withSignal } from "../lib/api";
import { MONITORING_LIST_QUERY_KEY } from "./use-monitored-entities";

/** Under the list's key: every add, removal or status change reads the variants again too. */
const VARIANTS_QUERY_KEY = [...MONITORING_LIST_QUERY_KEY, "variants"] as const;

/**
 * "Remove spelling variants (N)": shown only while auto-enrolment left several entries of one subject in the caller's
 * own list (lib/monitoring/variants.ts says which). It asks first, listing for each subject the entry kept and the
 * variants removed, then removes them all with one call (DELETE /api/monitoring/variants, each removal audited).
 */
export function SpellingVariantsButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const variants = useQuery({
    queryKey: VARIANTS_QUERY_KEY,
    queryFn: ({ signal }) => answer(api.monitoring.variants.$get({}, withSignal(signal))),
  });
  const remove = useMutation({
    mutationFn: () => answer(api.monitoring.variants.$delete()),
    onSuccess: async (removed) => {
      setOpen(false);
      toast({ title: t("monitoring.variants.removed", { count: removed.count }) });
      await queryClient.invalidateQueries({ queryKey: MONITORING_LIST_QUERY_KEY });
    },
    onError: async () => {
      toast({ variant: "destructive", title: t("monitoring.errorTitle"), description: t("monitoring.variants.failed") });
      await queryClient.invalidateQueries({ queryKey: MONITORING_LIST_QUERY_KEY });
    },
  });
  const found = variants.data;
  if (!found || found.count === 0) return null;
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)} data-testid="spelling-variants-button">
        <CopyMinusIcon aria-hidden />
        {t("monitoring.variants.button", { count: found.count })}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent data-testid="spelling-variants-dialog">
          <DialogHeader>
            <DialogTitle>{t("monitoring.variants.title")}</DialogTitle>
            <DialogDescription>{t("monitoring.variants.description")}</DialogDescription>
          </DialogHeader>
          <ul className="grid gap-3 text-sm">
            {found.groups.map((group) => (
              <li key={group.kept.id} className="grid gap-1 rounded-md border p-3" data-testid="spelling-variant-group">
                <p className="font-medium wrap-anywhere">{t("monitoring.variants.keeps", { name: group.kept.searchTerm })}</p>
                <p className="text-muted-foreground wrap-anywhere">
                  {t("monitoring.variants.removes")}: {group.variants.map((v) => v.searchTerm).join(" · ")}
                </p>
              </li>
            ))}
          </ul>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              {t("common.cancel")}
            </Button>
            <Button type="button" variant="destructive" disabled={remove.isPending} onClick={() => remove.mutate()}>
              {remove.isPending && <Spinner />}
              {t("monitoring.variants.confirm", { count: found.count })}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
