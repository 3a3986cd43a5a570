import { Button } from "@duecheck/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@duecheck/ui/dialog";
import { Input } from "@duecheck/ui/input";
import { Label } from "@duecheck/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@duecheck/ui/select";
import { Spinner } from "@duecheck/ui/spinner";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { AdminUserView } from "../../../lib/admin/schemas.ts";
import { type AdminUserUpdate, useUpdateUser } from "./use-admin-users";

type Field = "fullName" | "company" | "position";
const FIELDS: Field[] = ["fullName", "company", "position"];

/** Edit user (spec part 2 section 2): full name, company, position and role. */
export function EditUserDialog({ user, onClose }: { user: AdminUserView | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<AdminUserUpdate>({ fullName: "", company: "", position: "", role: "user" });
  const [missing, setMissing] = useState<Field[]>([]);
  const update = useUpdateUser(onClose);
  const roleId = useId();

  useEffect(() => {
    if (user) setValues({ fullName: user.fullName, company: user.company ?? "", position: user.position ?? "", role: user.role });
    setMissing([]);
  }, [user]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!user) return;
    const body = { ...values, fullName: values.fullName.trim(), company: values.company.trim(), position: values.position.trim() };
    const empty = FIELDS.filter((field) => !body[field]);
    setMissing(empty);
    if (empty.length === 0) update.mutate({ user, body });
  }

  return (
    <Dialog open={!!user} onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="edit-user-dialog">
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{t("admin.users.editTitle")}</DialogTitle>
            <DialogDescription>{user?.email}</DialogDescription>
          </DialogHeader>
          {FIELDS.map((field) => (
            <TextField
              key={field}
              label={t(`admin.users.field.${field}`)}
              value={values[field]}
              error={missing.includes(field) ? t("admin.users.required") : undefined}
              onChange={(value) => setValues({ ...values, [field]: value })}
            />
          ))}
          <div className="grid gap-2">
            <Label htmlFor={roleId}>{t("admin.users.field.role")}</Label>
            <Select value={values.role} onValueChange={(role) => setValues({ ...values, role: role as AdminUserUpdate["role"] })}>
              <SelectTrigger id={roleId} className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="user">{t("admin.users.role.user")}</SelectItem>
                <SelectItem value="admin">{t("admin.users.role.admin")}</SelectItem>
              </SelectContent>
            </Select>
          </div>
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
      </DialogContent>
    </Dialog>
  );
}

function TextField({ label, value, error, onChange }: { label: string; value: string; error?: string; onChange: (value: string) => void }) {
  const id = useId();
  const errorId = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        value={value}
        maxLength={200}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={!!error}
        aria-describedby={error ? errorId : undefined}
      />
      {error && (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
