import type { clearanceMarkSchema } from "@lib/screening/results.ts";
import { HistoryIcon, ShieldCheckIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { useFormatters } from "../format";
import { useReasonLabel } from "./reason-label";

type ClearanceMarkValue = z.infer<typeof clearanceMarkSchema>;

/**
 * What a remembered clearance said of a hit, as the results carry it: "Cleared on DATE by NAME: REASON" while the
 * listing is unchanged (the hit raises nothing), or "Listing changed since it was cleared" once it changed (the hit
 * is flagged again and needs a fresh decision).
 */
export function ClearanceMark({ clearance, changed }: { clearance?: ClearanceMarkValue; changed?: ClearanceMarkValue }) {
  const { t } = useTranslation();
  const { date } = useFormatters();
  const reasonLabel = useReasonLabel();
  if (clearance) {
    const reason = clearance.text ? `${reasonLabel(clearance.reason)} (${clearance.text})` : reasonLabel(clearance.reason);
    return (
      <p className="flex items-start gap-1.5 text-xs" data-testid="clearance-mark">
        <ShieldCheckIcon className="mt-0.5 size-3.5 shrink-0 text-success" aria-hidden />
        <span className="break-words">
          {clearance.decidedBy
            ? t("review.clearedOnBy", { date: date(clearance.decidedAt), name: clearance.decidedBy, reason })
            : t("review.clearedOn", { date: date(clearance.decidedAt), reason })}
        </span>
      </p>
    );
  }
  if (changed) {
    return (
      <p className="flex items-start gap-1.5 text-xs font-medium text-destructive" data-testid="clearance-changed">
        <HistoryIcon className="mt-0.5 size-3.5 shrink-0" aria-hidden />
        <span className="break-words">
          {t("review.listingChanged")}{" "}
          <span className="font-normal text-muted-foreground">{t("review.listingChangedWhen", { date: date(changed.decidedAt) })}</span>
        </span>
      </p>
    );
  }
  return null;
}
