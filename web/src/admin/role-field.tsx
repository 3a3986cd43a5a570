import { FormControl, FormField, FormItem, FormLabel, FormMessage } from "@duecheck/ui/form";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@duecheck/ui/select";
import type { Control, FieldPath, FieldValues } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { USER_ROLES } from "../../../lib/auth/schemas.ts";

/** The "role" field of a user form: user, reviewer, admin or auditor, picked from a list. */
export function RoleField<T extends FieldValues>({ control }: { control: Control<T> }) {
  const { t } = useTranslation();
  return (
    <FormField
      control={control}
      name={"role" as FieldPath<T>}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{t("admin.users.field.role")}</FormLabel>
          <Select value={field.value} onValueChange={field.onChange}>
            <FormControl>
              <SelectTrigger className="w-full">
                <SelectValue />
              </SelectTrigger>
            </FormControl>
            <SelectContent>
              {USER_ROLES.map((role) => (
                <SelectItem key={role} value={role}>
                  {t(`admin.users.role.${role}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
