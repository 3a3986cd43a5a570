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
import { type AdminUserView, adminUserUpdateSchema } from "../../../lib/admin/schemas.ts";
import { rewordedResolver } from "../components/reworded-resolver";
import { RoleField } from "./role-field";
import { useUpdateUser } from "./use-admin-users";

type EditUserValues = z.input<typeof adminUserUpdateSchema>;

const FIELDS = ["fullName", "company", "position"] as const;

const EMPTY: EditUserValues = { fullName: "", company: "", position: "", role: "user" };

/** The server says "<field> is required" to API clients; the dialog says it in the interface language. */
const resolver = rewordedResolver(zodResolver(adminUserUpdateSchema), (field, message) =>
  message === `${field} is required` ? "admin.users.required" : undefined,
);

/** Edit user: full name, company, position and role (user, reviewer, admin or auditor), checked with the server's schema. */
export function EditUserDialog({ user, onClose }: { user: AdminUserView | null; onClose: () => void }) {
  const { t } = useTranslation();
  const form = useForm<EditUserValues, unknown, z.output<typeof adminUserUpdateSchema>>({ resolver, defaultValues: EMPTY });
  const update = useUpdateUser(onClose);

  useEffect(() => {
    if (user) form.reset({ fullName: user.fullName, company: user.company ?? "", position: user.position ?? "", role: user.role });
  }, [user, form]);

  return (
    <Dialog open={!!user} onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="edit-user-dialog">
        <Form {...form}>
          <form onSubmit={form.handleSubmit((body) => user && update.mutate({ user, body }))} className="grid gap-4" noValidate>
            <DialogHeader>
              <DialogTitle>{t("admin.users.editTitle")}</DialogTitle>
              <DialogDescription>{user?.email}</DialogDescription>
            </DialogHeader>
            {FIELDS.map((name) => (
              <TextField key={name} control={form.control} name={name} label={t(`admin.users.field.${name}`)} maxLength={200} />
            ))}
            <RoleField control={form.control} />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose}>
                {t("common.cancel")}
              </Button>
              <Button type="submit" disabled={update.isPending}>
                {update.isPending && <Spinner />}
                {t("admin.users.save")}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
