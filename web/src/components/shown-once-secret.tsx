import { Alert, AlertDescription } from "@duecheck/ui/alert";
import { Button } from "@duecheck/ui/button";
import { Input } from "@duecheck/ui/input";
import { Label } from "@duecheck/ui/label";
import { toast } from "@duecheck/ui/use-toast";
import { AlertTriangleIcon, CheckIcon, CopyIcon } from "lucide-react";
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
