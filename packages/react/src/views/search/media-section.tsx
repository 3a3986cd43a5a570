import { AccordionContent, AccordionItem, AccordionTrigger } from "@duecheck/ui/accordion";
import { Badge } from "@duecheck/ui/badge";
import { cn } from "@duecheck/ui/utils";
import { formatDay } from "@lib/screening/display-format.ts";
import type { MediaItem } from "@lib/screening/results.ts";
import { ExternalLinkIcon, NewspaperIcon } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { SectionHitActions } from "./review-slots";
import { CATEGORY_LABEL_KEYS, categoryBadgeVariant, sortMedia } from "./risk";
import { useScreeningLanguage } from "./use-screening-language";

export const MEDIA_SECTION = "media";

/**
 * Accordion 'Adverse Media (N articles)': negative first, then PEP, then the rest. When no news provider answered
 * (checked false) it says the media could not be checked, never that none were found. Each negative article is a hit
 * a reviewer decides on: `hitActions` (the host's) goes under it; other articles are not hits.
 */
export function MediaSection({ items, checked, hitActions }: { items: MediaItem[]; checked: boolean; hitActions?: SectionHitActions }) {
  const { t } = useTranslation();
  const sorted = sortMedia(items);
  return (
    <AccordionItem value={MEDIA_SECTION}>
      <AccordionTrigger className="text-base">
        <span className="flex items-center gap-2">
          <NewspaperIcon className="size-4 shrink-0 text-primary" aria-hidden />
          {!checked ? t("search.mediaSectionNotChecked") : t("search.mediaSection", { count: items.length })}
        </span>
      </AccordionTrigger>
      <AccordionContent>
        {!checked ? (
          <div className="grid gap-1" data-testid="media-not-checked">
            <p className="font-medium text-destructive">{t("search.mediaNotChecked")}</p>
            <p className="text-muted-foreground">{t("search.mediaNotCheckedDescription")}</p>
          </div>
        ) : sorted.length === 0 ? (
          <p className="text-muted-foreground">{t("search.noMedia")}</p>
        ) : (
          <ul className="grid gap-3" data-testid="media-items">
            {sorted.map((item, index) => (
              <MediaArticle
                key={item.hitId ?? `${item.url}-${index}`}
                item={item}
                actions={item.isNegative ? hitActions?.({ hitId: item.hitId, kind: "media", label: item.title, cleared: false }) : undefined}
              />
            ))}
          </ul>
        )}
      </AccordionContent>
    </AccordionItem>
  );
}

function MediaArticle({ item, actions }: { item: MediaItem; actions?: ReactNode }) {
  const { t } = useTranslation();
  const shownDate = formatDay(item.date, useScreeningLanguage());
  const labelKey = CATEGORY_LABEL_KEYS[item.category];
  return (
    <li
      className={cn("grid gap-2 rounded-md border p-3", item.isNegative && "border-destructive/40")}
      data-testid="media-item"
      data-category={item.category}
      data-hit-id={item.hitId}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="min-w-0 flex-1 font-medium break-words">{item.title}</p>
        <Badge variant={categoryBadgeVariant(item.category)}>{labelKey ? t(labelKey) : item.category}</Badge>
      </div>
      {item.summary && <p className="break-words text-muted-foreground">{item.summary}</p>}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
        {item.source && <span className="break-all">{item.source}</span>}
        {shownDate && <span>{shownDate}</span>}
        {item.url && (
          <a href={item.url} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 text-primary hover:underline">
            <ExternalLinkIcon className="size-3" aria-hidden />
            {t("search.readArticle")}
            <span className="sr-only">{t("search.opensInNewTab")}</span>
          </a>
        )}
      </div>
      {actions && (
        <div className="border-t pt-2" data-testid="hit-actions">
          {actions}
        </div>
      )}
    </li>
  );
}
