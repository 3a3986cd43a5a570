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
import { type AdminOrganisationView, organisationCreditsSchema } from "../../../lib/organisations/admin-contract.ts";
import { useAddOrganisationCredits } from "./use-admin-organisations";

type Values = z.input<typeof organisationCreditsSchema>;
const EMPTY = { reason: "" };

/** Add credits to an organisation's pool: its balance, a whole number and a reason, checked with the server's schema. */
export function AddOrganisationCreditsDialog({ organisation, onClose }: { organisation: AdminOrganisationView | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { number } = useFormatters();
  const form = useForm<Values, unknown, z.output<typeof organisationCreditsSchema>>({ resolver: zodResolver(organisationCreditsSchema), defaultValues: EMPTY });
  const add = useAddOrganisationCredits(onClose);
  const amount = form.watch("amount");

  // biome-ignore lint/correctness/useExhaustiveDependencies: the form is cleared whenever the dialog opens again
  useEffect(() => {
    form.reset(EMPTY);
  }, [organisation]);

  return (
    <Dialog open={!!organisation} onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="organisation-credits-dialog">
        <Form {...form}>
          <form
            onSubmit={form.handleSubmit(({ amount, reason }) => organisation && add.mutate({ organisation, body: { amount, ...(reason && { reason }) } }))}
            className="grid gap-4"
            noValidate
          >
            <DialogHeader>
              <DialogTitle>{t("adminOrganisations.addCreditsTitle", { name: organisation?.name ?? "" })}</DialogTitle>
              <DialogDescription>{t("adminOrganisations.currentBalance", { value: organisation ? number(organisation.credits) : "" })}</DialogDescription>
            </DialogHeader>
            <TextField
              control={form.control}
              name="amount"
              label={t("adminOrganisations.amount")}
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              parse={(event) => (event.target.value === "" ? undefined : event.target.valueAsNumber)}
            />
            <TextField control={form.control} name="reason" label={t("adminOrganisations.reason")} maxLength={500} />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose}>
                {t("common.cancel")}
              </Button>
              <Button type="submit" disabled={amount === undefined || add.isPending}>
                {add.isPending && <Spinner />}
                {t("adminOrganisations.addCredits")}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
