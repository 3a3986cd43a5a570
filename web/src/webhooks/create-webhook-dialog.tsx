import { Button } from "@duecheck/ui/button";
import { Checkbox } from "@duecheck/ui/checkbox";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@duecheck/ui/dialog";
import { Input } from "@duecheck/ui/input";
import { Label } from "@duecheck/ui/label";
import { Spinner } from "@duecheck/ui/spinner";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { WEBHOOK_EVENTS, type WebhookEvent } from "../../../lib/webhooks/event-names.ts";
import { createWebhookSchema } from "../../../lib/webhooks/schemas.ts";
import type { CreatedWebhook } from "../../../lib/webhooks/webhooks.ts";
import { ShownOnceSecret } from "../components/shown-once-secret";
import { useCreateWebhook } from "./use-webhooks";

/**
 * Add a webhook: URL, events and a description, checked with the server's schema; then the signing secret once
 * with Copy and Done (closing in any way is Done: the secret is not shown again).
 */
export function CreateWebhookDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t, i18n } = useTranslation();
  const create = useCreateWebhook();
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<WebhookEvent[]>([]);
  const [description, setDescription] = useState("");
  const [problem, setProblem] = useState<{ field: "url" | "events" | "description"; message: string } | null>(null);
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const urlId = useId();
  const descriptionId = useId();
  const errorId = useId();

  function close(next: boolean) {
    if (next) return onOpenChange(true);
    onOpenChange(false);
    setTimeout(() => {
      setCreated(null);
      setUrl("");
      setEvents([]);
      setDescription("");
      setProblem(null);
      create.reset();
    }, 200);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = createWebhookSchema.safeParse({ url, events, description: description.trim() || undefined });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue.path[0] === "events" ? "events" : issue.path[0] === "description" ? "description" : "url";
      setProblem({ field, message: issue.message });
      return;
    }
    create.mutate(parsed.data, { onSuccess: setCreated });
  }

  const message = problem && (i18n.exists(problem.message) ? t(problem.message) : problem.message);
  const toggle = (name: WebhookEvent, on: boolean) => {
    setEvents((list) => (on ? [...list, name] : list.filter((e) => e !== name)));
    if (problem?.field === "events") setProblem(null);
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent data-testid="create-webhook-dialog" onInteractOutside={created ? (event) => event.preventDefault() : undefined}>
        {created ? (
          <>
            <DialogHeader>
              <DialogTitle>{t("webhooks.secretTitle")}</DialogTitle>
              <DialogDescription>{t("webhooks.secretDescription", { url: created.url })}</DialogDescription>
            </DialogHeader>
            <ShownOnceSecret
              value={created.secret}
              testId="new-webhook-secret"
              words={{
                warning: t("webhooks.shownOnce"),
                label: t("webhooks.secretLabel"),
                copy: t("webhooks.copy"),
                copied: { title: t("webhooks.copied"), description: t("webhooks.copiedDescription") },
                copyFailed: { title: t("webhooks.errorTitle"), description: t("webhooks.copyFailed") },
              }}
            />
            <DialogFooter>
              <Button type="button" onClick={() => close(false)}>
                {t("webhooks.done")}
              </Button>
            </DialogFooter>
          </>
        ) : (
          <form onSubmit={submit} className="grid gap-4" noValidate>
            <DialogHeader>
              <DialogTitle>{t("webhooks.createTitle")}</DialogTitle>
              <DialogDescription>{t("webhooks.createDescription")}</DialogDescription>
            </DialogHeader>
            <div className="grid gap-2">
              <Label htmlFor={urlId}>{t("webhooks.urlLabel")}</Label>
              <Input
                id={urlId}
                type="url"
                value={url}
                onChange={(event) => {
                  setUrl(event.target.value);
                  if (problem?.field === "url") setProblem(null);
                }}
                placeholder="https://example.com/duecheck-events"
                maxLength={2048}
                autoComplete="off"
                aria-invalid={problem?.field === "url"}
                aria-describedby={problem?.field === "url" ? errorId : undefined}
              />
              <p className="text-xs text-muted-foreground">{t("webhooks.urlHint")}</p>
            </div>
            <fieldset className="grid gap-2" aria-invalid={problem?.field === "events"} aria-describedby={problem?.field === "events" ? errorId : undefined}>
              <legend className="mb-2 text-sm font-medium">{t("webhooks.eventsLabel")}</legend>
              {WEBHOOK_EVENTS.map((name) => (
                <div key={name} className="flex items-start gap-2">
                  <Checkbox id={`${urlId}-${name}`} checked={events.includes(name)} onCheckedChange={(on) => toggle(name, on === true)} className="mt-0.5" />
                  <Label htmlFor={`${urlId}-${name}`} className="grid gap-0.5 font-normal">
                    <code className="font-mono text-xs">{name}</code>
                    <span className="text-xs text-muted-foreground">{t(`webhooks.event.${name}`)}</span>
                  </Label>
                </div>
              ))}
            </fieldset>
            <div className="grid gap-2">
              <Label htmlFor={descriptionId}>
                {t("webhooks.descriptionLabel")} <span className="text-muted-foreground">{t("webhooks.optional")}</span>
              </Label>
              <Input
                id={descriptionId}
                value={description}
                onChange={(event) => setDescription(event.target.value)}
                maxLength={500}
                autoComplete="off"
                aria-invalid={problem?.field === "description"}
              />
            </div>
            {message && (
              <p id={errorId} role="alert" className="text-sm text-destructive">
                {message}
              </p>
            )}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => close(false)}>
                {t("common.cancel")}
              </Button>
              <Button type="submit" disabled={create.isPending}>
                {create.isPending && <Spinner />}
                {t("webhooks.create")}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
