import { cn } from "@duecheck/ui/utils";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";

/**
 * The cases that need a decision (the review queue's place, in the case list) and the remembered clearances: the
 * review's two lists, each with its own address.
 */
export function ReviewTabs({ current }: { current: "clearances" }) {
  const { t } = useTranslation();
  const tab = (active: boolean) =>
    cn("rounded-md px-3 py-1.5 text-sm font-medium transition-colors", active ? "bg-background shadow-sm" : "text-muted-foreground hover:text-foreground");
  return (
    <nav aria-label={t("reviews.tabsLabel")} className="w-fit rounded-lg bg-muted p-1">
      <ul className="flex gap-1">
        <li>
          <Link to="/cases" search={{ view: "needs-decision" }} className={tab(false)}>
            {t("cases.views.needs-decision")}
          </Link>
        </li>
        <li>
          <Link to="/reviews/clearances" className={tab(current === "clearances")} aria-current={current === "clearances" ? "page" : undefined}>
            {t("reviews.clearances.tab")}
          </Link>
        </li>
      </ul>
    </nav>
  );
}
