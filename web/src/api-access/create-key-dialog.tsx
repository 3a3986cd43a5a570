import { AlertTriangleIcon, CheckIcon, CopyIcon } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert, AlertDescription } from "../components/ui/alert";
import { Button } from "../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../components/ui/dialog";
import { Input } from "../components/ui/input";
import { Label } from "../components/ui/label";
import { Spinner } from "../components/ui/spinner";
import { toast } from "../components/ui/use-toast";
import { type CreatedApiKey, copyText, useCreateApiKey } from "./use-api-keys";

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
  const [copied, setCopied] = useState(false);
  const nameId = useId();
  const errorId = useId();
  const keyId = useId();

  function close(next: boolean) {
    if (next) return onOpenChange(true);
    onOpenChange(false);
    // Forget the key and the form once the closing animation has started.
    setTimeout(() => {
      setCreated(null);
      setName("");
      setNameError(null);
      setCopied(false);
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

  async function copy() {
    if (!created) return;
    if (await copyText(created.key)) {
      setCopied(true);
      toast({ title: t("apiAccess.copied"), description: t("apiAccess.copiedDescription") });
    } else {
      toast({ variant: "destructive", title: t("apiAccess.errorTitle"), description: t("apiAccess.copyFailed") });
    }
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
            <Alert variant="warning">
              <AlertTriangleIcon aria-hidden />
              <AlertDescription className="text-foreground">{t("apiAccess.shownOnce")}</AlertDescription>
            </Alert>
            <div className="grid gap-2">
              <Label htmlFor={keyId}>{t("apiAccess.yourKey")}</Label>
              <div className="flex gap-2">
                <Input
                  id={keyId}
                  readOnly
                  value={created.key}
                  className="font-mono text-xs"
                  onFocus={(event) => event.currentTarget.select()}
                  data-testid="new-api-key"
                />
                <Button type="button" variant="outline" onClick={copy} className="shrink-0">
                  {copied ? <CheckIcon aria-hidden /> : <CopyIcon aria-hidden />}
                  {t("apiAccess.copy")}
                </Button>
              </div>
            </div>
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
