import { Button } from "@duecheck/ui/button";
import { cn } from "@duecheck/ui/utils";
import { SlidersHorizontalIcon } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { CaseListSearch } from "./case-search";

/** How many filters of the list are set (the view is not a filter): the number the Filters button shows. */
export function activeFilterCount(search: CaseListSearch): number {
  return [search.status, search.priority, search.source, search.tag, search.olderThan].filter((v) => v !== undefined && v !== "").length;
}

/**
 * On a phone (under 640 px) the list's filters take a whole screen before the first case: they fold behind one
 * "Filters" button that says how many are set, a real button (Enter and Space open it, aria-expanded says whether it
 * is open, aria-controls names the filters). From 640 px the filters are always shown and the button is not.
 */
export function CollapsibleFilters({ search, children }: { search: CaseListSearch; children: ReactNode }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const regionId = useId();
  const count = activeFilterCount(search);
  return (
    <div className="grid gap-3">
      <Button
        type="button"
        variant="outline"
        className="w-fit sm:hidden"
        aria-expanded={open}
        aria-controls={regionId}
        onClick={() => setOpen((was) => !was)}
        data-testid="case-filters-toggle"
      >
        <SlidersHorizontalIcon aria-hidden />
        {count > 0 ? t("cases.filters.toggleActive", { count }) : t("cases.filters.toggle")}
      </Button>
      <div id={regionId} className={cn("gap-3 sm:grid", open ? "grid" : "hidden")} data-testid="case-filters-region">
        {children}
      </div>
    </div>
  );
}
