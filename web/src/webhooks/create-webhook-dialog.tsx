import { Button } from "@duecheck/ui/button";
import { Checkbox } from "@duecheck/ui/checkbox";
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@duecheck/ui/dialog";
import { Form, FormControl, FormField, FormItem, FormMessage } from "@duecheck/ui/form";
import { TextField } from "@duecheck/ui/form-fields";
import { Label } from "@duecheck/ui/label";
import { Spinner } from "@duecheck/ui/spinner";
import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { WEBHOOK_EVENTS } from "../../../lib/webhooks/event-names.ts";
import { type CreatedWebhook, createWebhookSchema } from "../../../lib/webhooks/schemas.ts";
import { CreateSecretDialog } from "../components/shown-once-secret";
import { useCreateWebhook } from "./use-webhooks";

type CreateWebhookValues = z.input<typeof createWebhookSchema>;

const EMPTY: CreateWebhookValues = { url: "", events: [], description: "" };

/**
 * Add a webhook: URL, events and a description, checked with the server's schema; then the signing secret once
 * with Copy and Done (closing in any way is Done: the secret is not shown again).
 */
export function CreateWebhookDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const create = useCreateWebhook();
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const eventsId = useId();
  const form = useForm<CreateWebhookValues, unknown, z.output<typeof createWebhookSchema>>({
    resolver: zodResolver(createWebhookSchema),
    defaultValues: EMPTY,
  });

  return (
    <CreateSecretDialog
      open={open}
      onOpenChange={onOpenChange}
      testId="create-webhook-dialog"
      onReset={() => {
        setCreated(null);
        form.reset(EMPTY);
        create.reset();
      }}
      created={
        created && {
          title: t("webhooks.secretTitle"),
          description: t("webhooks.secretDescription", { url: created.url }),
          value: created.secret,
          testId: "new-webhook-secret",
          words: {
            warning: t("webhooks.shownOnce"),
            label: t("webhooks.secretLabel"),
            copy: t("webhooks.copy"),
            copied: { title: t("webhooks.copied"), description: t("webhooks.copiedDescription") },
            copyFailed: { title: t("webhooks.errorTitle"), description: t("webhooks.copyFailed") },
          },
          done: t("webhooks.done"),
        }
      }
    >
      {(close) => (
        <Form {...form}>
          <form
            onSubmit={form.handleSubmit((values) => create.mutate({ ...values, description: values.description || undefined }, { onSuccess: setCreated }))}
            className="grid gap-4"
            noValidate
          >
            <DialogHeader>
              <DialogTitle>{t("webhooks.createTitle")}</DialogTitle>
              <DialogDescription>{t("webhooks.createDescription")}</DialogDescription>
            </DialogHeader>
            <TextField
              control={form.control}
              name="url"
              label={t("webhooks.urlLabel")}
              description={t("webhooks.urlHint")}
              descriptionClassName="text-xs"
              type="url"
              placeholder="https://example.com/duecheck-events"
              maxLength={2048}
              autoComplete="off"
            />
            <FormField
              control={form.control}
              name="events"
              render={({ field }) => (
                <FormItem>
                  <FormControl>
                    <fieldset className="grid gap-2">
                      <legend className="mb-2 text-sm font-medium">{t("webhooks.eventsLabel")}</legend>
                      {WEBHOOK_EVENTS.map((name) => (
                        <div key={name} className="flex items-start gap-2">
                          <Checkbox
                            id={`${eventsId}-${name}`}
                            checked={field.value.includes(name)}
                            onCheckedChange={(on) => field.onChange(on === true ? [...field.value, name] : field.value.filter((e) => e !== name))}
                            className="mt-0.5"
                          />
                          <Label htmlFor={`${eventsId}-${name}`} className="grid gap-0.5 font-normal">
                            <code className="font-mono text-xs">{name}</code>
                            <span className="text-xs text-muted-foreground">{t(`webhooks.event.${name}`)}</span>
                          </Label>
                        </div>
                      ))}
                    </fieldset>
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <TextField
              control={form.control}
              name="description"
              label={
                <>
                  {t("webhooks.descriptionLabel")} <span className="text-muted-foreground">{t("webhooks.optional")}</span>
                </>
              }
              maxLength={500}
              autoComplete="off"
            />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={close}>
                {t("common.cancel")}
              </Button>
              <Button type="submit" disabled={create.isPending}>
                {create.isPending && <Spinner />}
                {t("webhooks.create")}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      )}
    </CreateSecretDialog>
  );
}
