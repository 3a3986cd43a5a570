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
import { memberCapSchema, type OrganisationMemberView } from "../../../lib/organisations/contract.ts";
import { useSetMemberCap } from "./use-organisation";

type Values = z.input<typeof memberCapSchema>;

/**
 * "Set cap" (owners and admins): the credits a member may spend in a calendar month, a whole number checked with the
 * server's own schema; an empty box is no cap. The box opens with the member's cap as it stands.
 */
export function MemberCapDialog({ member, onClose }: { member: OrganisationMemberView | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { number } = useFormatters();
  const form = useForm<Values, unknown, z.output<typeof memberCapSchema>>({
    resolver: zodResolver(memberCapSchema),
    defaultValues: { monthlyCreditCap: null },
  });
  const save = useSetMemberCap(onClose);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the form starts again from each member's cap as it opens
  useEffect(() => {
    if (member) form.reset({ monthlyCreditCap: member.monthlyCreditCap });
    save.reset();
  }, [member]);

  return (
    <Dialog open={!!member} onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="member-cap-dialog">
        <Form {...form}>
          <form className="grid gap-4" noValidate onSubmit={form.handleSubmit((body) => member && save.mutate({ member, body }))}>
            <DialogHeader>
              <DialogTitle>{t("organisation.cap.title")}</DialogTitle>
              <DialogDescription>{t("organisation.cap.description", { name: member?.fullName ?? "" })}</DialogDescription>
            </DialogHeader>
            <TextField
              control={form.control}
              name="monthlyCreditCap"
              label={t("organisation.cap.label")}
              description={t("organisation.cap.hint", { spent: number(member?.spentThisMonth ?? 0) })}
              descriptionClassName="text-xs"
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              autoComplete="off"
              parse={(event) => (event.target.value === "" ? null : event.target.valueAsNumber)}
            />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose}>
                {t("common.cancel")}
              </Button>
              <Button type="submit" disabled={save.isPending}>
                {save.isPending && <Spinner aria-hidden />}
                {t("organisation.cap.submit")}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
