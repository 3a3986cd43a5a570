import { Button } from "@duecheck/ui/button";
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@duecheck/ui/dialog";
import { Form } from "@duecheck/ui/form";
import { TextField } from "@duecheck/ui/form-fields";
import { Spinner } from "@duecheck/ui/spinner";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { useCurrentUser } from "../auth/use-current-user";
import { CreateSecretDialog } from "../components/shown-once-secret";
import { type CreateKeyFormValues, createKeyFormSchema, expiryRange, scopeChoices, toCreateRequest } from "./create-key-form";
import { CreatedKeyDetails } from "./created-key-details";
import { ScopeField } from "./scope-field";
import { type CreatedApiKey, useCreateApiKey } from "./use-api-keys";

/**
 * Create dialog: the name, the scopes and an optional expiry date (checked with the server's schema and the form's own
 * rules), then the full key once with its scopes, Copy and Done. Closing the second state in any way is Done: the key
 * is gone for good.
 */
export function CreateKeyDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const create = useCreateApiKey();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const { offered, checked } = scopeChoices(user);
  const empty: CreateKeyFormValues = { name: "", scopes: checked, expiresAt: "" };
  const form = useForm<CreateKeyFormValues, unknown, z.output<typeof createKeyFormSchema>>({
    resolver: zodResolver(createKeyFormSchema),
    defaultValues: empty,
  });
  const range = expiryRange();

  return (
    <CreateSecretDialog
      open={open}
      onOpenChange={onOpenChange}
      testId="create-key-dialog"
      onReset={() => {
        setCreated(null);
        form.reset(empty);
        create.reset();
      }}
      created={
        created && {
          title: t("apiAccess.createdTitle"),
          description: t("apiAccess.createdDescription", { name: created.name }),
          value: created.key,
          testId: "new-api-key",
          words: {
            warning: t("apiAccess.shownOnce"),
            label: t("apiAccess.yourKey"),
            copy: t("apiAccess.copy"),
            copied: { title: t("apiAccess.copied"), description: t("apiAccess.copiedDescription") },
            copyFailed: { title: t("apiAccess.errorTitle"), description: t("apiAccess.copyFailed") },
          },
          done: t("apiAccess.done"),
          details: <CreatedKeyDetails apiKey={created} />,
        }
      }
    >
      {(close) => (
        <Form {...form}>
          <form onSubmit={form.handleSubmit((values) => create.mutate(toCreateRequest(values), { onSuccess: setCreated }))} className="grid gap-4" noValidate>
            <DialogHeader>
              <DialogTitle>{t("apiAccess.createTitle")}</DialogTitle>
              <DialogDescription>{t("apiAccess.createDescription")}</DialogDescription>
            </DialogHeader>
            <TextField
              control={form.control}
              name="name"
              label={t("apiAccess.nameLabel")}
              placeholder={t("apiAccess.namePlaceholder")}
              maxLength={100}
              autoComplete="off"
            />
            <ScopeField control={form.control} offered={offered} />
            <TextField
              control={form.control}
              name="expiresAt"
              type="date"
              min={range.min}
              max={range.max}
              label={
                <>
                  {t("apiAccess.expiryLabel")} <span className="text-muted-foreground">{t("apiAccess.optional")}</span>
                </>
              }
              description={t("apiAccess.expiryHint")}
              descriptionClassName="text-xs"
              className="w-full sm:w-48"
            />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={close}>
                {t("common.cancel")}
              </Button>
              <Button type="submit" disabled={create.isPending}>
                {create.isPending && <Spinner />}
                {create.isPending ? t("apiAccess.generating") : t("apiAccess.generate")}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      )}
    </CreateSecretDialog>
  );
}
