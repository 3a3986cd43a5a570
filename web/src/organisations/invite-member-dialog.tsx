import { Button } from "@duecheck/ui/button";
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@duecheck/ui/dialog";
import { Form } from "@duecheck/ui/form";
import { SelectField, TextField } from "@duecheck/ui/form-fields";
import { Spinner } from "@duecheck/ui/spinner";
import { zodResolver } from "@hookform/resolvers/zod";
import { UserPlusIcon } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { canGrantOwner, inviteMemberSchema, ORGANISATION_ROLES, type OrganisationView } from "../../../lib/organisations/contract.ts";
import { type CreatedSecret, CreateSecretDialog } from "../components/shown-once-secret";
import { useInviteMember } from "./use-organisation";

type Values = z.input<typeof inviteMemberSchema>;
/** A new colleague screens unless said otherwise: the role most members hold, and one that manages nothing. */
const EMPTY: Values = { email: "", fullName: "", role: "analyst" };

/**
 * "Invite a colleague" (owners and admins): email, full name and role, checked with the server's own schema. With
 * SMTP the server mails the link and the dialog closes; without it the answer carries the link, shown once here with
 * Copy (closing it in any way is Done: the link is not shown again).
 */
export function InviteMemberDialog({ organisation }: { organisation: OrganisationView }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<CreatedSecret | null>(null);
  const form = useForm<Values, unknown, z.output<typeof inviteMemberSchema>>({ resolver: zodResolver(inviteMemberSchema), defaultValues: EMPTY });
  const invite = useInviteMember((invited) => {
    if (invited.invitationLink) {
      setCreated({
        title: t("organisation.invite.linkTitle"),
        description: t("organisation.invite.linkDescription", { email: invited.email }),
        value: invited.invitationLink,
        testId: "invitation-link",
        words: {
          warning: t("organisation.invite.linkWarning"),
          label: t("organisation.invite.linkLabel"),
          copy: t("organisation.invite.copy"),
          copied: { title: t("organisation.invite.copied"), description: t("organisation.invite.copiedDescription") },
          copyFailed: { title: t("organisation.invite.copyFailed"), description: t("organisation.invite.copyFailedDescription") },
        },
        done: t("organisation.invite.done"),
      });
      return;
    }
    // Mailed: nothing more to show. The form is emptied once the closing animation has run, not under the reader's eyes.
    setOpen(false);
    setTimeout(() => form.reset(EMPTY), 200);
  });
  // Only an owner invites an owner (lib/organisations/contract.ts): an admin is not offered the choice.
  const roles = ORGANISATION_ROLES.filter((role) => role !== "owner" || canGrantOwner(organisation.role));

  return (
    <>
      <Button type="button" onClick={() => setOpen(true)}>
        <UserPlusIcon aria-hidden />
        {t("organisation.invite.open")}
      </Button>
      <CreateSecretDialog
        open={open}
        onOpenChange={setOpen}
        onReset={() => {
          setCreated(null);
          form.reset(EMPTY);
          invite.reset();
        }}
        testId="invite-member-dialog"
        created={created}
      >
        {(close) => (
          <Form {...form}>
            <form className="grid gap-4" noValidate onSubmit={form.handleSubmit((values) => invite.mutate(values))}>
              <DialogHeader>
                <DialogTitle>{t("organisation.invite.title")}</DialogTitle>
                <DialogDescription>{t("organisation.invite.description", { organisation: organisation.name })}</DialogDescription>
              </DialogHeader>
              <TextField control={form.control} name="email" label={t("organisation.invite.email")} type="email" maxLength={254} autoComplete="off" />
              <TextField control={form.control} name="fullName" label={t("organisation.invite.fullName")} maxLength={200} autoComplete="off" />
              <SelectField
                control={form.control}
                name="role"
                label={t("organisation.invite.role")}
                description={t("organisation.invite.roleHint")}
                descriptionClassName="text-xs"
                options={roles.map((role) => ({ value: role, label: t(`organisation.role.${role}`) }))}
              />
              <DialogFooter>
                <Button type="button" variant="outline" onClick={close}>
                  {t("common.cancel")}
                </Button>
                <Button type="submit" disabled={invite.isPending}>
                  {invite.isPending && <Spinner aria-hidden />}
                  {t("organisation.invite.submit")}
                </Button>
              </DialogFooter>
            </form>
          </Form>
        )}
      </CreateSecretDialog>
    </>
  );
}
