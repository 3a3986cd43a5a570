import { Badge } from "@duecheck/ui/badge";
import { CheckCircle2Icon, CircleDashedIcon, Loader2Icon, XCircleIcon } from "lucide-react";
import { useTranslation } from "react-i18next";

/** Last download status: success green, failed red, downloading, else never downloaded. */
export function DatasetStatusBadge({ status }: { status: string | null | undefined }) {
  const { t } = useTranslation();
  switch (status) {
    case "success":
      return (
        <Badge variant="success" data-testid="dataset-status">
          <CheckCircle2Icon aria-hidden />
          {t("sanctions.status.success")}
        </Badge>
      );
    case "failed":
      return (
        <Badge variant="destructive" data-testid="dataset-status">
          <XCircleIcon aria-hidden />
          {t("sanctions.status.failed")}
        </Badge>
      );
    case "downloading":
      return (
        <Badge variant="secondary" data-testid="dataset-status">
          <Loader2Icon className="animate-spin" aria-hidden />
          {t("sanctions.status.downloading")}
        </Badge>
      );
    default:
      return (
        <Badge variant="outline" className="text-muted-foreground" data-testid="dataset-status">
          <CircleDashedIcon aria-hidden />
          {t("sanctions.status.never")}
        </Badge>
      );
  }
}
