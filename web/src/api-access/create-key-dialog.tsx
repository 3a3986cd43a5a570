import { Button } from "@duecheck/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@duecheck/ui/dialog";
import { Input } from "@duecheck/ui/input";
import { Label } from "@duecheck/ui/label";
import { Spinner } from "@duecheck/ui/spinner";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ShownOnceSecret } from "../components/shown-once-secret";
import { type CreatedApiKey, useCreateApiKey } from "./use-api-keys";

const NAME_REQUIRED = "Please enter a name for your API key.";

/**
 * Create dialog (spec part 2 sections 2 and 4): the name, then the full key once with Copy and Done. Closing the
 * second state in any way is Done: the key is gone for good.
 */
export function CreateKeyDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const create = useCreateApiKey();
  const [name, setName] = useState("");
  const [nameError, setNameError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const nameId = useId();
  const errorId = useId();

  function close(next: boolean) {
    if (next) return onOpenChange(true);
    onOpenChange(false);
    // Forget the key and the form once the closing animation has started.
    setTimeout(() => {
      setCreated(null);
      setName("");
      setNameError(null);
      create.reset();
    }, 200);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setNameError(NAME_REQUIRED);
      return;
    }
    create.mutate(trimmed, { onSuccess: (answer) => setCreated(answer) });
  }

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        data-testid="create-key-dialog"
        // While the key is on screen a stray click outside must not lose it: only Done, Escape or the close button.
        onInteractOutside={created ? (event) => event.preventDefault() : undefined}
      >
        {created ? (
          <>
            <DialogHeader>
              <DialogTitle>{t("apiAccess.createdTitle")}</DialogTitle>
              <DialogDescription>{t("apiAccess.createdDescription", { name: created.name })}</DialogDescription>
            </DialogHeader>
            <ShownOnceSecret
              value={created.key}
              testId="new-api-key"
              words={{
                warning: t("apiAccess.shownOnce"),
                label: t("apiAccess.yourKey"),
                copy: t("apiAccess.copy"),
                copied: { title: t("apiAccess.copied"), description: t("apiAccess.copiedDescription") },
                copyFailed: { title: t("apiAccess.errorTitle"), description: t("apiAccess.copyFailed") },
              }}
            />
            <DialogFooter>
              <Button type="button" onClick={() => close(false)}>
                {t("apiAccess.done")}
              </Button>
            </DialogFooter>
          </>
        ) : (
          <form onSubmit={submit} className="grid gap-4" noValidate>
            <DialogHeader>
              <DialogTitle>{t("apiAccess.createTitle")}</DialogTitle>
              <DialogDescription>{t("apiAccess.createDescription")}</DialogDescription>
            </DialogHeader>
            <div className="grid gap-2">
              <Label htmlFor={nameId}>{t("apiAccess.nameLabel")}</Label>
              <Input
                id={nameId}
                value={name}
                onChange={(event) => {
                  setName(event.target.value);
                  if (nameError) setNameError(null);
                }}
                placeholder={t("apiAccess.namePlaceholder")}
                maxLength={100}
                autoComplete="off"
                aria-invalid={!!nameError}
                aria-describedby={nameError ? errorId : undefined}
              />
              {nameError && (
                <p id={errorId} className="text-sm text-destructive">
                  {t(nameError)}
                </p>
              )}
            </div>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => close(false)}>
                {t("common.cancel")}
              </Button>
              <Button type="submit" disabled={create.isPending}>
                {create.isPending && <Spinner />}
                {create.isPending ? t("apiAccess.generating") : t("apiAccess.generate")}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
