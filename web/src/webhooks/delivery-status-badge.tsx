import { Badge } from "@duecheck/ui/badge";
import { useTranslation } from "react-i18next";
import type { DeliveryStatus } from "../../../lib/webhooks/schemas.ts";

const VARIANT = { pending: "secondary", delivered: "success", failed: "destructive" } as const;

export function DeliveryStatusBadge({ status }: { status: DeliveryStatus }) {
  const { t } = useTranslation();
  return <Badge variant={VARIANT[status]}>{t(`webhooks.status.${status}`)}</Badge>;
}
