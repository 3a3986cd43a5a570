import { Alert, AlertDescription } from "@duecheck/ui/alert";
import { Button } from "@duecheck/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@duecheck/ui/dialog";
import { Input } from "@duecheck/ui/input";
import { Label } from "@duecheck/ui/label";
import { toast } from "@duecheck/ui/use-toast";
import { AlertTriangleIcon, CheckIcon, CopyIcon } from "lucide-react";
import type * as React from "react";
import { useId, useState } from "react";
import { copyText } from "../lib/copy-text";

export interface ShownOnceWords {
  /** That the value will not be shown again. */
  warning: string;
  label: string;
  copy: string;
  copied: { title: string; description: string };
  copyFailed: { title: string; description: string };
}

/** A secret shown once (an API key, a webhook's signing secret): the warning, the value to select, and Copy. */
export function ShownOnceSecret({ value, words, testId }: { value: string; words: ShownOnceWords; testId: string }) {
  const id = useId();
  const [copied, setCopied] = useState(false);

  async function copy() {
    if (await copyText(value)) {
      setCopied(true);
      toast(words.copied);
    } else {
      toast({ variant: "destructive", ...words.copyFailed });
    }
  }

  return (
    <>
      <Alert variant="warning">
        <AlertTriangleIcon aria-hidden />
        <AlertDescription className="text-foreground">{words.warning}</AlertDescription>
      </Alert>
      <div className="grid gap-2">
        <Label htmlFor={id}>{words.label}</Label>
        <div className="flex gap-2">
          <Input id={id} readOnly value={value} className="font-mono text-xs" onFocus={(event) => event.currentTarget.select()} data-testid={testId} />
          <Button type="button" variant="outline" onClick={copy} className="shrink-0">
            {copied ? <CheckIcon aria-hidden /> : <CopyIcon aria-hidden />}
            {words.copy}
          </Button>
        </div>
      </div>
    </>
  );
}

/** The second state of a create-secret dialog: what was created, and the secret with its words. */
export interface CreatedSecret {
  title: string;
  description: string;
  value: string;
  testId: string;
  words: ShownOnceWords;
  done: string;
  /** What else the person should know of it (an API key's scopes and expiry), under the secret. */
  details?: React.ReactNode;
}

/**
 * A dialog that creates something with a secret (an API key, a webhook): first the form, then the secret once with
 * Copy and Done. Closing the second state in any way is Done: the secret is gone for good, and while it is on screen
 * a stray click outside must not lose it (only Done, Escape or the close button close it). `onReset` forgets the
 * secret and the form once the closing animation has started.
 */
export function CreateSecretDialog({
  open,
  onOpenChange,
  onReset,
  testId,
  created,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onReset: () => void;
  testId: string;
  created: CreatedSecret | null;
  /** The form; `close` is its Cancel. */
  children: (close: () => void) => React.ReactNode;
}) {
  function change(next: boolean) {
    if (next) return onOpenChange(true);
    onOpenChange(false);
    setTimeout(onReset, 200);
  }
  const close = () => change(false);

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent data-testid={testId} onInteractOutside={created ? (event) => event.preventDefault() : undefined}>
        {created ? (
          <>
            <DialogHeader>
              <DialogTitle>{created.title}</DialogTitle>
              <DialogDescription>{created.description}</DialogDescription>
            </DialogHeader>
            <ShownOnceSecret value={created.value} testId={created.testId} words={created.words} />
            {created.details}
            <DialogFooter>
              <Button type="button" onClick={close}>
                {created.done}
              </Button>
            </DialogFooter>
          </>
        ) : (
          children(close)
        )}
      </DialogContent>
    </Dialog>
  );
}
