import { SelectField } from "@duecheck/ui/form-fields";
import type { Control, FieldPath, FieldValues } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { USER_ROLES } from "../../../lib/auth/schemas.ts";

/** The "role" field of a user form: user, reviewer, admin or auditor, picked from a list. */
export function RoleField<T extends FieldValues>({ control }: { control: Control<T> }) {
  const { t } = useTranslation();
  return (
    <SelectField
      control={control}
      name={"role" as FieldPath<T>}
      label={t("admin.users.field.role")}
      options={USER_ROLES.map((role) => ({ value: role, label: t(`admin.users.role.${role}`) }))}
    />
  );
}
