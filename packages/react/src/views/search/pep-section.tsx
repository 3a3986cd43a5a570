import { AccordionContent, AccordionItem, AccordionTrigger } from "@duecheck/ui/accordion";
import { Badge } from "@duecheck/ui/badge";
import { formatCountries, formatDay, formatPercent } from "@lib/screening/display-format.ts";
import type { PepListing } from "@lib/screening/results.ts";
import { describePosition, describeRelatedPep, pepRoleLabel } from "@lib/screening/summary/pep-phrases.ts";
import { describeMismatch } from "@lib/screening/summary/phrasebook.ts";
import { ExternalLinkIcon, LandmarkIcon } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ClearanceMark } from "../review/clearance-mark";
import { MatchEvidence } from "./match-evidence";
import { MatchExplanation } from "./match-explanation";
import type { SectionHitActions } from "./review-slots";
import { useScreeningLanguage } from "./use-screening-language";

export const PEP_SECTION = "pep";

/**
 * Accordion 'PEP Listings (N)': the politically exposed person lists that name the subject, each linking to its
 * listing. Every listing is a hit a reviewer decides on: `hitActions` (the host's) goes under each.
 */
export function PepSection({ listings, hitActions }: { listings: PepListing[]; hitActions?: SectionHitActions }) {
  const { t } = useTranslation();
  return (
    <AccordionItem value={PEP_SECTION}>
      <AccordionTrigger className="text-base">
        <span className="flex items-center gap-2">
          <LandmarkIcon className="size-4 shrink-0 text-primary" aria-hidden />
          {t("search.pepSection", { count: listings.length })}
        </span>
      </AccordionTrigger>
      <AccordionContent>
        {listings.length === 0 ? (
          <p className="text-muted-foreground">{t("search.noPep")}</p>
        ) : (
          <ul className="grid gap-3" data-testid="pep-listings">
            {listings.map((listing, index) => (
              <PepListingItem
                key={listing.hitId ?? `${listing.datasetId ?? listing.dataset}-${listing.name}-${index}`}
                listing={listing}
                actions={hitActions?.({ hitId: listing.hitId, kind: "pep", label: listing.name, cleared: !!listing.clearance })}
              />
            ))}
          </ul>
        )}
      </AccordionContent>
    </AccordionItem>
  );
}

function PepListingItem({ listing, actions }: { listing: PepListing; actions?: ReactNode }) {
  const { t } = useTranslation();
  const language = useScreeningLanguage();
  const facts = [
    listing.birthDate.length > 0 ? t("search.reason.birthDate", { value: listing.birthDate.map((d) => formatDay(d, language)).join(", ") }) : null,
    listing.nationality.length > 0 ? t("search.reason.nationality", { value: formatCountries(listing.nationality, language) }) : null,
  ].filter(Boolean);
  return (
    <li className="grid gap-2 rounded-md border border-warning/50 p-3" data-testid="pep-listing" data-hit-id={listing.hitId}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="min-w-0 flex-1 font-medium break-words">{listing.name}</p>
        <Badge variant="warning">{t("search.category.pep")}</Badge>
      </div>
      <ClearanceMark clearance={listing.clearance} changed={listing.clearanceChanged} />
      <PepDetails listing={listing} />
      {listing.matchedName && listing.matchedName !== listing.name && (
        <p className="text-xs text-muted-foreground">{t("search.reason.matchedName", { name: listing.matchedName })}</p>
      )}
      <MatchEvidence evidence={listing.evidence} />
      <MatchExplanation parts={listing.explanation} />
      {facts.length > 0 && <p className="text-xs text-muted-foreground">{facts.join(" · ")}</p>}
      {listing.mismatches.length > 0 && (
        <p className="text-xs break-words">
          {t("search.reason.differences", { value: listing.mismatches.map((m) => describeMismatch(m, language)).join("; ") })}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
        <span className="break-words">{listing.dataset}</span>
        {listing.listVersion && <span>{t("search.listVersion", { date: formatDay(listing.listVersion, language) })}</span>}
        {listing.score !== undefined && <span>{t("search.score", { score: formatPercent(listing.score, language) })}</span>}
        {listing.url && (
          <a href={listing.url} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 text-primary hover:underline">
            <ExternalLinkIcon className="size-3" aria-hidden />
            {t("search.viewListing")}
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

/**
 * What enhanced due diligence turns on: the role (PEP, or relative or close associate of one), the positions with
 * their country, level and dates, and for a relative or associate whose one and how. A list that says nothing shows
 * the role alone.
 */
function PepDetails({ listing }: { listing: PepListing }) {
  const { t } = useTranslation();
  const language = useScreeningLanguage();
  const positions = listing.positions ?? [];
  const related = listing.relatedPeps ?? [];
  return (
    <div className="grid gap-1 text-sm" data-testid="pep-details" data-role={listing.role ?? "pep"}>
      <p className="font-medium" data-testid="pep-role">
        {pepRoleLabel(language, listing.role ?? "pep")}
      </p>
      {positions.length > 0 && (
        <div>
          <p className="text-xs text-muted-foreground">{t("search.pep.positions")}</p>
          <ul className="list-disc ps-5" data-testid="pep-positions">
            {positions.map((position, i) => (
              <li key={`${position.title}-${i}`} className="break-words" data-current={String(position.current)}>
                {describePosition(language, position)}
              </li>
            ))}
          </ul>
        </div>
      )}
      {related.length > 0 && (
        <div>
          <p className="text-xs text-muted-foreground">{t("search.pep.relatedPeps")}</p>
          <ul className="list-disc ps-5" data-testid="pep-related">
            {related.map((r, i) => (
              <li key={`${r.name}-${i}`} className="break-words">
                {describeRelatedPep(language, r)}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
