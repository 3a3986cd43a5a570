import type { BadgeProps } from "@duecheck/react/views/search/badge-props";
import { Badge } from "@duecheck/ui/badge";
import { useTranslation } from "react-i18next";
import { BATCH_STATUS_KEYS, type BatchStatus } from "./types";

const VARIANTS: Record<BatchStatus, BadgeProps["variant"]> = {
  pending: "outline",
  processing: "secondary",
  completed: "success",
  failed: "destructive",
};

/** Pending, Processing, Completed or Failed: of a batch, and of one of its rows. */
export function BatchStatusBadge({ status }: { status: BatchStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant={VARIANTS[status]} data-testid="batch-status" data-status={status}>
      {t(BATCH_STATUS_KEYS[status])}
    </Badge>
  );
}
