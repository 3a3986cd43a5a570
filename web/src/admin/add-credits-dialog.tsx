import { useFormatters } from "@duecheck/react/views/format";
import { Button } from "@duecheck/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@duecheck/ui/dialog";
import { Form } from "@duecheck/ui/form";
import { TextField } from "@duecheck/ui/form-fields";
import { Spinner } from "@duecheck/ui/spinner";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { type AdminUserView, adminCreditsSchema } from "../../../lib/admin/schemas.ts";
import { useAddCredits } from "./use-admin-users";

type AddCreditsValues = z.input<typeof adminCreditsSchema>;

/** No amount yet (the button waits for one), no note. */
const EMPTY = { description: "" };

/** Add credits: the user's balance, a whole number and a note, checked with the server's schema. */
export function AddCreditsDialog({ user, onClose }: { user: AdminUserView | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { number } = useFormatters();
  const form = useForm<AddCreditsValues, unknown, z.output<typeof adminCreditsSchema>>({
    resolver: zodResolver(adminCreditsSchema),
    defaultValues: EMPTY,
  });
  const add = useAddCredits(onClose);
  const amount = form.watch("amount");

  // biome-ignore lint/correctness/useExhaustiveDependencies: the form is cleared whenever another user is chosen
  useEffect(() => {
    form.reset(EMPTY);
  }, [user]);

  return (
    <Dialog open={!!user} onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="add-credits-dialog">
        <Form {...form}>
          <form
            onSubmit={form.handleSubmit(({ amount, description }) => user && add.mutate({ user, body: { amount, ...(description && { description }) } }))}
            className="grid gap-4"
            noValidate
          >
            <DialogHeader>
              <DialogTitle>{t("admin.users.addCreditsTitle")}</DialogTitle>
              <DialogDescription>{user?.email}</DialogDescription>
            </DialogHeader>
            <p className="text-sm" data-testid="current-balance">
              {t("admin.users.currentBalance", { value: user ? (user.role === "admin" ? t("credits.unlimited") : number(user.credits)) : "" })}
            </p>
            <TextField
              control={form.control}
              name="amount"
              label={t("admin.users.amount")}
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              parse={(event) => (event.target.value === "" ? undefined : event.target.valueAsNumber)}
            />
            <TextField control={form.control} name="description" label={t("admin.users.note")} maxLength={500} />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose}>
                {t("common.cancel")}
              </Button>
              <Button type="submit" disabled={amount === undefined || add.isPending}>
                {add.isPending && <Spinner />}
                {t("admin.users.addCredits")}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
