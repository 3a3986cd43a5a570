import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "@duecheck/ui/collapsible";
import type { SanctionsHit } from "@lib/screening/results.ts";
import { ChevronRightIcon } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";

/**
 * What the listing itself says of a hit (its other names, places of birth, addresses, the publisher's entry id),
 * collapsed behind a disclosure button: the card stays short, and a reviewer who needs them opens them. Nothing when
 * the hit carries none (searches stored before these were kept).
 */
export function ListingDetails({ hit }: { hit: SanctionsHit }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const aliases = (hit.aliases ?? []).filter((a) => a !== hit.name);
  const places = hit.placesOfBirth ?? [];
  const addresses = hit.addresses ?? [];
  if (aliases.length === 0 && places.length === 0 && addresses.length === 0 && !hit.listEntryId) return null;
  return (
    <Collapsible open={open} onOpenChange={setOpen} className="text-xs" data-testid="listing-details">
      <CollapsibleTrigger className="inline-flex items-center gap-1 rounded-sm font-medium text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
        <ChevronRightIcon className={open ? "size-3.5 rotate-90 transition-transform" : "size-3.5 transition-transform"} aria-hidden />
        {t("search.listingDetails")}
      </CollapsibleTrigger>
      <CollapsibleContent>
        <dl className="mt-1.5 grid gap-1.5 sm:grid-cols-[auto_1fr] sm:gap-x-3">
          {aliases.length > 0 && <Field label={t("search.listing.aliases")}>{aliases.join("; ")}</Field>}
          {places.length > 0 && <Field label={t("search.listing.placeOfBirth")}>{places.join("; ")}</Field>}
          {addresses.length > 0 && (
            <Field label={t("search.listing.addresses")}>
              <ul>
                {addresses.map((address) => (
                  <li key={address}>{address}</li>
                ))}
              </ul>
            </Field>
          )}
          {hit.listEntryId && <Field label={t("search.listing.entryId")}>{hit.listEntryId}</Field>}
        </dl>
      </CollapsibleContent>
    </Collapsible>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}
