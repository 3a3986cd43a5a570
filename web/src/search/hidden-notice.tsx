import { useFormatters } from "@duecheck/react/views/format";
import { Alert, AlertDescription, AlertTitle } from "@duecheck/ui/alert";
import { EyeOffIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { SearchDetailView } from "../../../lib/screening/contract.ts";

/**
 * 'Hidden from its owner's history by {who} on {when}': a search its owner deleted is kept (lib/retention) and only
 * those who see hidden records can open it; they must not mistake it for one still in the owner's history.
 */
export function HiddenNotice({ search }: { search: Pick<SearchDetailView, "hidden" | "hiddenAt" | "hiddenBy"> }) {
  const { t } = useTranslation();
  const { dateTime } = useFormatters();
  if (!search.hidden) return null;
  const who = search.hiddenBy?.name ?? t("search.hidden.unknownUser");
  return (
    <Alert data-testid="hidden-notice" className="border-amber-500/50 bg-amber-50 dark:bg-amber-950/30">
      <EyeOffIcon aria-hidden />
      <AlertTitle className="line-clamp-none break-words">{t("search.hidden.title")}</AlertTitle>
      <AlertDescription>
        {search.hiddenAt ? t("search.hidden.byWhen", { who, when: dateTime(search.hiddenAt) }) : t("search.hidden.byWho", { who })}
      </AlertDescription>
    </Alert>
  );
}
