import { Button } from "@duecheck/ui/button";
import { Form } from "@duecheck/ui/form";
import { TextField } from "@duecheck/ui/form-fields";
import { Spinner } from "@duecheck/ui/spinner";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo } from "react";
import { type FieldPath, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { type PublicUser, type UpdateProfileInput, updateProfileSchema } from "../../../lib/auth/schemas.ts";
import { EmailChangeFields } from "../accounts/email-change-fields";
import { useUpdateProfile } from "./use-account-mutations";

type ProfileFormValues = z.input<typeof updateProfileSchema>;

/**
 * The server's rule for a new email address, checked before sending so the missing proof is said at its field: the
 * current password, and a code when 2FA is on (the messages are the server's, translated alike).
 */
function profileFormSchema(user: PublicUser) {
  return updateProfileSchema.superRefine((values, ctx) => {
    if (values.email === user.email) return;
    if (!values.currentPassword) {
      ctx.addIssue({ code: "custom", path: ["currentPassword"], message: "Enter your current password to change your email address" });
    }
    if (user.twoFactorEnabled && !values.twoFactorCode?.trim()) {
      ctx.addIssue({ code: "custom", path: ["twoFactorCode"], message: "Enter a code from your authenticator app to change your email address" });
    }
  });
}

/** The proof goes with the update only when the address changes; otherwise what was typed in it is dropped. */
function requestBody(user: PublicUser, { currentPassword, twoFactorCode, ...details }: UpdateProfileInput): UpdateProfileInput {
  if (details.email === user.email) return details;
  return { ...details, currentPassword, twoFactorCode: user.twoFactorEnabled ? twoFactorCode : undefined };
}

const FIELDS: { name: FieldPath<ProfileFormValues>; labelKey: string; type: string; autoComplete: string }[] = [
  { name: "fullName", labelKey: "fields.fullName", type: "text", autoComplete: "name" },
  { name: "email", labelKey: "fields.email", type: "email", autoComplete: "email" },
  { name: "phoneNumber", labelKey: "fields.phoneNumber", type: "tel", autoComplete: "tel" },
  { name: "company", labelKey: "fields.company", type: "text", autoComplete: "organization" },
  { name: "position", labelKey: "fields.position", type: "text", autoComplete: "organization-title" },
];

/**
 * Edit mode of the profile information card: Save Changes or Cancel both return to view mode. A new email address
 * asks for the proof it needs (EmailChangeFields) as soon as it differs from the account's.
 */
export function ProfileEditForm({ user, onDone }: { user: PublicUser; onDone: () => void }) {
  const { t } = useTranslation();
  const schema = useMemo(() => profileFormSchema(user), [user]);
  const form = useForm<ProfileFormValues, unknown, UpdateProfileInput>({
    resolver: zodResolver(schema),
    defaultValues: {
      fullName: user.fullName,
      email: user.email,
      phoneNumber: user.phoneNumber ?? "",
      company: user.company ?? "",
      position: user.position ?? "",
      currentPassword: "",
      twoFactorCode: "",
    },
  });
  const update = useUpdateProfile(onDone);
  // As the schema reads it: trimmed and in lower case.
  const emailChanged = (useWatch({ control: form.control, name: "email" }) ?? "").trim().toLowerCase() !== user.email;

  return (
    <Form {...form}>
      <form className="grid gap-4" noValidate onSubmit={form.handleSubmit((values) => update.mutate(requestBody(user, values)))}>
        <div className="grid gap-4 sm:grid-cols-2">
          {FIELDS.map(({ name, labelKey, type, autoComplete }) => (
            <TextField key={name} control={form.control} name={name} label={t(labelKey)} type={type} autoComplete={autoComplete} />
          ))}
        </div>
        {emailChanged && <EmailChangeFields twoFactor={user.twoFactorEnabled} />}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={update.isPending}>
            {update.isPending && <Spinner aria-hidden />}
            {t("profile.save")}
          </Button>
          <Button type="button" variant="outline" onClick={onDone} disabled={update.isPending}>
            {t("common.cancel")}
          </Button>
        </div>
      </form>
    </Form>
  );
}
