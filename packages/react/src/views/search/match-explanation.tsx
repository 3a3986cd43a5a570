import { cn } from "@duecheck/ui/utils";
import type { NamePartMatch } from "@lib/sanctions/matcher/types.ts";
import type { NamePartView } from "@lib/screening/results.ts";
import type { TFunction } from "i18next";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { usePercent } from "../sanctions/format";

/** How a name part matched, in the interface language (each key literal, so the translations test sees it). */
export function namePartHow(t: TFunction, how: NamePartMatch): string {
  const words: Record<NamePartMatch, string> = {
    exact: t("match.how.exact"),
    spelling: t("match.how.spelling"),
    phonetic: t("match.how.phonetic"),
    nickname: t("match.how.nickname"),
    transliteration: t("match.how.transliteration"),
    initial: t("match.how.initial"),
    joined: t("match.how.joined"),
    split: t("match.how.split"),
    missing: t("match.how.missing"),
    extra: t("match.how.extra"),
  };
  return words[how];
}

/**
 * Why a listing matched: each part of the searched name with the listed word it met and how (exact, spelling variant,
 * phonetic, transliteration, initial, joined, split), then the searched words the listing lacks and the listed words
 * the search lacks. Nothing when the result carries no explanation (searches stored before it existed).
 */
export function MatchExplanation({ parts, className }: { parts: readonly NamePartView[] | undefined; className?: string }) {
  const { t } = useTranslation();
  const percent = usePercent();
  const titleId = useId();
  if (!parts || parts.length === 0) return null;
  return (
    <div className={cn("grid gap-1 text-xs", className)} data-testid="match-explanation">
      <p id={titleId} className="text-muted-foreground">
        {t("match.why")}
      </p>
      <ul aria-labelledby={titleId} className="flex flex-wrap gap-1.5">
        {parts.map((part, index) => {
          const unmatched = part.how === "missing" || part.how === "extra";
          const how = namePartHow(t, part.how);
          return (
            <li
              key={`${part.query}-${part.listed}-${index}`}
              data-how={part.how}
              className={cn(
                "inline-flex max-w-full flex-wrap items-baseline gap-1 rounded-md border px-1.5 py-0.5",
                unmatched ? "border-dashed text-muted-foreground" : "bg-background",
              )}
            >
              {unmatched ? (
                <span className="[overflow-wrap:anywhere]">{part.query ?? part.listed}</span>
              ) : part.query === part.listed ? (
                <span className="font-medium [overflow-wrap:anywhere]">{part.query}</span>
              ) : (
                <>
                  <span className="font-medium [overflow-wrap:anywhere]">{part.query}</span>
                  {" → "}
                  <span className="font-medium [overflow-wrap:anywhere]">{part.listed}</span>
                </>
              )}{" "}
              <span className="text-muted-foreground">
                · {how}
                {!unmatched && part.how !== "exact" && part.similarity < 1 ? ` (${percent(part.similarity)})` : ""}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
