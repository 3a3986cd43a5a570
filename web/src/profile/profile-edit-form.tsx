import { Button } from "@duecheck/ui/button";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "@duecheck/ui/form";
import { Input } from "@duecheck/ui/input";
import { Spinner } from "@duecheck/ui/spinner";
import { zodResolver } from "@hookform/resolvers/zod";
import { type FieldPath, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { type PublicUser, type UpdateProfileInput, updateProfileSchema } from "../../../lib/auth/schemas.ts";
import { useUpdateProfile } from "./use-account-mutations";

type ProfileFormValues = z.input<typeof updateProfileSchema>;

const FIELDS: { name: FieldPath<ProfileFormValues>; labelKey: string; type: string; autoComplete: string }[] = [
  { name: "fullName", labelKey: "fields.fullName", type: "text", autoComplete: "name" },
  { name: "email", labelKey: "fields.email", type: "email", autoComplete: "email" },
  { name: "phoneNumber", labelKey: "fields.phoneNumber", type: "tel", autoComplete: "tel" },
  { name: "company", labelKey: "fields.company", type: "text", autoComplete: "organization" },
  { name: "position", labelKey: "fields.position", type: "text", autoComplete: "organization-title" },
];

/** Edit mode of the profile information card: Save Changes or Cancel both return to view mode. */
export function ProfileEditForm({ user, onDone }: { user: PublicUser; onDone: () => void }) {
  const { t } = useTranslation();
  const form = useForm<ProfileFormValues, unknown, UpdateProfileInput>({
    resolver: zodResolver(updateProfileSchema),
    defaultValues: {
      fullName: user.fullName,
      email: user.email,
      phoneNumber: user.phoneNumber ?? "",
      company: user.company ?? "",
      position: user.position ?? "",
    },
  });
  const update = useUpdateProfile(onDone);

  return (
    <Form {...form}>
      <form className="grid gap-4" noValidate onSubmit={form.handleSubmit((values) => update.mutate(values))}>
        <div className="grid gap-4 sm:grid-cols-2">
          {FIELDS.map(({ name, labelKey, type, autoComplete }) => (
            <FormField
              key={name}
              control={form.control}
              name={name}
              render={({ field }) => (
                <FormItem>
                  <FormLabel>{t(labelKey)}</FormLabel>
                  <FormControl>
                    <Input type={type} autoComplete={autoComplete} {...field} value={field.value ?? ""} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
          ))}
        </div>
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
