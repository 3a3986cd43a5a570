import { Checkbox } from "@duecheck/ui/checkbox";
import { FormControl, FormField, FormItem, FormMessage } from "@duecheck/ui/form";
import { Label } from "@duecheck/ui/label";
import { useId } from "react";
import type { Control } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { type ApiKeyScope, orderedScopes } from "../../../lib/auth/api-key-scopes.ts";
import type { CreateKeyFormValues } from "./create-key-form";

/**
 * The key's scopes: a box per scope the person may grant, named by the scope as the API and the CLI spell it, with a
 * line on what it allows; the error (none chosen) under the group, which it describes.
 */
export function ScopeField({ control, offered }: { control: Control<CreateKeyFormValues>; offered: readonly ApiKeyScope[] }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <FormField
      control={control}
      name="scopes"
      render={({ field }) => (
        <FormItem>
          <FormControl>
            <fieldset className="grid gap-2" data-testid="api-key-scopes">
              <legend className="mb-1 text-sm font-medium">{t("apiAccess.scopesLabel")}</legend>
              <p className="mb-1 text-xs text-muted-foreground">{t("apiAccess.scopesHint")}</p>
              {offered.map((scope) => (
                <div key={scope} className="flex items-start gap-2">
                  <Checkbox
                    id={`${id}-${scope}`}
                    aria-describedby={`${id}-${scope}-hint`}
                    checked={field.value.includes(scope)}
                    onCheckedChange={(on) => field.onChange(on === true ? orderedScopes([...field.value, scope]) : field.value.filter((s) => s !== scope))}
                    className="mt-0.5"
                  />
                  <div className="grid gap-0.5">
                    <Label htmlFor={`${id}-${scope}`} className="font-mono text-xs">
                      {scope}
                    </Label>
                    <span id={`${id}-${scope}-hint`} className="text-xs text-muted-foreground">
                      {t(`apiAccess.scopeHint.${scope}`)}
                    </span>
                  </div>
                </div>
              ))}
            </fieldset>
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
