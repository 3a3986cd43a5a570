import { Button } from "@duecheck/ui/button";
import { Link } from "@tanstack/react-router";
import { TableIcon } from "lucide-react";
import { useTranslation } from "react-i18next";

/** 'View Results': the batch's results screen, /batch/{id}. */
export function ViewResultsLink({ id, name }: { id: string; name: string }) {
  const { t } = useTranslation();
  return (
    <Button variant="outline" size="sm" asChild>
      <Link to="/batch/$batchId" params={{ batchId: id }} aria-label={t("batch.viewResultsLabel", { name })}>
        <TableIcon aria-hidden />
        {t("batch.viewResults")}
      </Link>
    </Button>
  );
}
