import { Badge } from "@duecheck/ui/badge";
import { AlarmClockIcon, ArrowUpRightIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { CasePriority, CaseStatus } from "../../../lib/cases/contract.ts";

/** The priority in words: sanctions stand out, as the worst hit does. */
export function PriorityBadge({ priority }: { priority: CasePriority }) {
  const { t } = useTranslation();
  return (
    <Badge variant={priority === "sanctions" ? "destructive" : priority === "pep" ? "warning" : "secondary"} data-testid="case-priority">
      {t(`cases.priority.${priority}`)}
    </Badge>
  );
}

export function StatusBadge({ status }: { status: CaseStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant={status === "closed" ? "success" : "outline"} data-testid="case-status">
      {t(`cases.status.${status}`)}
    </Badge>
  );
}

/** Past its due date and not closed: said in words and with an icon, never by colour alone. */
export function OverdueMark() {
  const { t } = useTranslation();
  return (
    <Badge variant="destructive" data-testid="case-overdue">
      <AlarmClockIcon aria-hidden />
      {t("cases.overdue")}
    </Badge>
  );
}

export function EscalatedMark() {
  const { t } = useTranslation();
  return (
    <Badge variant="warning" data-testid="case-escalated">
      <ArrowUpRightIcon aria-hidden />
      {t("cases.escalatedMark")}
    </Badge>
  );
}
