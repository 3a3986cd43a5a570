import { Button } from "@duecheck/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@duecheck/ui/dialog";
import { Form } from "@duecheck/ui/form";
import { TextField } from "@duecheck/ui/form-fields";
import { zodResolver } from "@hookform/resolvers/zod";
import { DownloadIcon } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { type BulkExportFormat, historyExportQuerySchema } from "../../../lib/exports/contract.ts";
import { download } from "./download";

type Values = z.input<typeof historyExportQuerySchema>;

/** This month so far: the range most often asked for. */
function thisMonth(): Values {
  const today = new Date().toISOString().slice(0, 10);
  return { from: `${today.slice(0, 8)}01`, to: today, format: "csv" };
}

/**
 * Export the history of a date range as CSV or Excel (GET /api/searches/export, streamed by the server), checked with
 * the server's schema before the download starts.
 */
export function HistoryExportDialog() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const form = useForm<Values, unknown, z.output<typeof historyExportQuerySchema>>({
    resolver: zodResolver(historyExportQuerySchema),
    defaultValues: thisMonth(),
  });
  const start = (format: BulkExportFormat) =>
    form.handleSubmit(({ from, to }) => {
      download(`/api/searches/export?${new URLSearchParams({ from, to, format })}`);
      setOpen(false);
    })();
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <DownloadIcon aria-hidden />
          {t("exports.history.open")}
        </Button>
      </DialogTrigger>
      <DialogContent data-testid="history-export-dialog">
        <Form {...form}>
          <form onSubmit={(event) => event.preventDefault()} className="grid gap-4" noValidate>
            <DialogHeader>
              <DialogTitle>{t("exports.history.title")}</DialogTitle>
              <DialogDescription>{t("exports.history.description")}</DialogDescription>
            </DialogHeader>
            {(["from", "to"] as const).map((name) => (
              <TextField key={name} control={form.control} name={name} label={t(`exports.history.${name}`)} type="date" />
            ))}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => void start("xlsx")}>
                {t("exports.excel")}
              </Button>
              <Button type="button" onClick={() => void start("csv")}>
                {t("exports.csv")}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
