import { Button } from "@duecheck/ui/button";
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@duecheck/ui/dialog";
import { Form, FormField, FormItem, FormLabel } from "@duecheck/ui/form";
import { TextField } from "@duecheck/ui/form-fields";
import { Label } from "@duecheck/ui/label";
import { RadioGroup, RadioGroupItem } from "@duecheck/ui/radio-group";
import { Spinner } from "@duecheck/ui/spinner";
import { zodResolver } from "@hookform/resolvers/zod";
import { UserPlusIcon } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { adminCreateUserSchema } from "../../../lib/admin/schemas.ts";
import { USER_ROLES } from "../../../lib/auth/schemas.ts";
import { RoleField } from "../admin/role-field";
import { type CreatedSecret, CreateSecretDialog } from "../components/shown-once-secret";
import { useLinkWords } from "./admin-link-dialog";
import { useCreateUser } from "./use-admin-accounts";

/** The form's values: the mode picks the server's password or invite field. */
const formSchema = z
  .object({
    email: adminCreateUserSchema.shape.email,
    fullName: adminCreateUserSchema.shape.fullName,
    company: adminCreateUserSchema.shape.company.unwrap(),
    role: z.enum(USER_ROLES),
    mode: z.enum(["password", "invite"]),
    password: z.string(),
  })
  .refine((v) => v.mode === "invite" || v.password.length >= 8, { message: "Password must be at least 8 characters", path: ["password"] });
type Values = z.input<typeof formSchema>;
const EMPTY: Values = { email: "", fullName: "", company: "", role: "user", mode: "invite", password: "" };

/** /admin/users "Create user": email, name, company (optional), role, and an initial password or an invitation (mailed, or shown to copy). */
export function CreateUserDialog() {
  const { t } = useTranslation();
  const words = useLinkWords();
  const modeId = useId();
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<CreatedSecret | null>(null);
  const form = useForm<Values, unknown, z.output<typeof formSchema>>({ resolver: zodResolver(formSchema), defaultValues: EMPTY });
  const mode = form.watch("mode");
  const create = useCreateUser(({ user, invitation }) => {
    if (invitation?.link) {
      setCreated({
        title: t("accounts.admin.invitationTitle"),
        description: t("accounts.admin.invitationDescription", { email: user.email }),
        value: invitation.link,
        testId: "invitation-link",
        words,
        done: t("common.close"),
      });
      return;
    }
    setOpen(false);
    if (invitation?.mailed) setTimeout(() => form.reset(EMPTY), 200);
    else form.reset(EMPTY);
  });

  return (
    <>
      <Button type="button" className="w-fit" onClick={() => setOpen(true)}>
        <UserPlusIcon aria-hidden />
        {t("accounts.admin.createUser")}
      </Button>
      <CreateSecretDialog
        open={open}
        onOpenChange={setOpen}
        onReset={() => {
          setCreated(null);
          form.reset(EMPTY);
        }}
        testId="create-user-dialog"
        created={created}
      >
        {(close) => (
          <Form {...form}>
            <form
              className="grid gap-4"
              noValidate
              onSubmit={form.handleSubmit(({ mode: how, password, ...rest }) =>
                create.mutate(how === "invite" ? { ...rest, invite: true } : { ...rest, password }),
              )}
            >
              <DialogHeader>
                <DialogTitle>{t("accounts.admin.createTitle")}</DialogTitle>
                <DialogDescription>{t("accounts.admin.createDescription")}</DialogDescription>
              </DialogHeader>
              {(["email", "fullName", "company"] as const).map((name) => (
                <TextField
                  key={name}
                  control={form.control}
                  name={name}
                  label={t(`accounts.admin.${name}`)}
                  type={name === "email" ? "email" : "text"}
                  maxLength={name === "email" ? 254 : 200}
                  autoComplete="off"
                  // Email and name are required; the company is not (an admin may not know it).
                  required={name !== "company"}
                  aria-required={name !== "company"}
                />
              ))}
              <RoleField control={form.control} />
              <FormField
                control={form.control}
                name="mode"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel id={modeId}>{t("accounts.admin.mode")}</FormLabel>
                    <RadioGroup aria-labelledby={modeId} value={field.value} onValueChange={field.onChange}>
                      {(["invite", "password"] as const).map((value) => (
                        <div key={value} className="flex items-center gap-2">
                          <RadioGroupItem id={`${modeId}-${value}`} value={value} />
                          <Label htmlFor={`${modeId}-${value}`} className="font-normal">
                            {t(value === "invite" ? "accounts.admin.modeInvite" : "accounts.admin.modePassword")}
                          </Label>
                        </div>
                      ))}
                    </RadioGroup>
                  </FormItem>
                )}
              />
              {mode === "password" && (
                <TextField
                  control={form.control}
                  name="password"
                  label={t("accounts.admin.initialPassword")}
                  type="password"
                  autoComplete="new-password"
                  maxLength={200}
                />
              )}
              <DialogFooter>
                <Button type="button" variant="outline" onClick={close}>
                  {t("common.cancel")}
                </Button>
                <Button type="submit" disabled={create.isPending}>
                  {create.isPending && <Spinner aria-hidden />}
                  {t("accounts.admin.create")}
                </Button>
              </DialogFooter>
            </form>
          </Form>
        )}
      </CreateSecretDialog>
    </>
  );
}
