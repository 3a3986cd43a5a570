import { Button } from "@duecheck/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@duecheck/ui/dialog";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "@duecheck/ui/form";
import { Spinner } from "@duecheck/ui/spinner";
import { cn } from "@duecheck/ui/utils";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { dismissAlertSchema, type MonitoredEntityView } from "../../../lib/monitoring/schemas.ts";
import { useDismissAlert } from "./use-monitoring-mutations";

type DismissValues = z.input<typeof dismissAlertSchema>;

/** An administrator closes an alert whatever is still open, saying why (checked with the server's own schema). */
export function DismissAlertDialog({ entity, open, onOpenChange }: { entity: MonitoredEntityView; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const form = useForm<DismissValues, unknown, z.output<typeof dismissAlertSchema>>({
    resolver: zodResolver(dismissAlertSchema),
    defaultValues: { reason: "" },
  });
  const dismiss = useDismissAlert(() => close(false));

  function close(next: boolean) {
    onOpenChange(next);
    if (!next) form.reset({ reason: "" });
  }

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent data-testid="dismiss-alert-dialog">
        <Form {...form}>
          <form onSubmit={form.handleSubmit(({ reason }) => dismiss.mutate({ entity, reason }))} className="grid gap-4" noValidate>
            <DialogHeader>
              <DialogTitle>{t("monitoring.dismissTitle")}</DialogTitle>
              <DialogDescription>{t("monitoring.dismissDescription", { name: entity.searchTerm })}</DialogDescription>
            </DialogHeader>
            <FormField
              control={form.control}
              name="reason"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>{t("monitoring.dismissReason")}</FormLabel>
                  <FormControl>
                    <textarea
                      {...field}
                      rows={3}
                      maxLength={4000}
                      className={cn(
                        "flex min-h-16 w-full min-w-0 resize-y rounded-md border border-input bg-transparent px-3 py-2 text-base shadow-xs outline-none transition-[color,box-shadow] placeholder:text-muted-foreground md:text-sm dark:bg-input/30",
                        "focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50",
                      )}
                    />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => close(false)}>
                {t("common.cancel")}
              </Button>
              <Button type="submit" variant="destructive" disabled={dismiss.isPending}>
                {dismiss.isPending && <Spinner />}
                {t("monitoring.dismiss")}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
