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
import { createApiKeySchema } from "../../../lib/auth/api-key-schema.ts";
import { CreateSecretDialog } from "../components/shown-once-secret";
import { type CreatedApiKey, useCreateApiKey } from "./use-api-keys";

type CreateKeyValues = z.input<typeof createApiKeySchema>;

/**
 * Create dialog: the name (checked with the server's schema), then the full key once with Copy and Done. Closing the
 * second state in any way is Done: the key is gone for good.
 */
export function CreateKeyDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const create = useCreateApiKey();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const form = useForm<CreateKeyValues, unknown, z.output<typeof createApiKeySchema>>({
    resolver: zodResolver(createApiKeySchema),
    defaultValues: { name: "" },
  });

  return (
    <CreateSecretDialog
      open={open}
      onOpenChange={onOpenChange}
      testId="create-key-dialog"
      onReset={() => {
        setCreated(null);
        form.reset();
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
        }
      }
    >
      {(close) => (
        <Form {...form}>
          <form onSubmit={form.handleSubmit(({ name }) => create.mutate(name, { onSuccess: setCreated }))} className="grid gap-4" noValidate>
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
