import { cn } from "@duecheck/ui/utils";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";

/** Queue and Remembered clearances: two screens of one capability, each with its own address. */
export function ReviewTabs({ current }: { current: "queue" | "clearances" }) {
  const { t } = useTranslation();
  const tab = (active: boolean) =>
    cn("rounded-md px-3 py-1.5 text-sm font-medium transition-colors", active ? "bg-background shadow-sm" : "text-muted-foreground hover:text-foreground");
  return (
    <nav aria-label={t("reviews.tabsLabel")} className="w-fit rounded-lg bg-muted p-1">
      <ul className="flex gap-1">
        <li>
          <Link to="/reviews" className={tab(current === "queue")} aria-current={current === "queue" ? "page" : undefined}>
            {t("reviews.queue.tab")}
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
