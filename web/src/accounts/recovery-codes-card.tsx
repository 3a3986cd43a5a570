import { Button } from "@duecheck/ui/button";
import { Input } from "@duecheck/ui/input";
import { Label } from "@duecheck/ui/label";
import { Spinner } from "@duecheck/ui/spinner";
import { toast } from "@duecheck/ui/use-toast";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { serverRefusalWords } from "../lib/refusal-words";
import { useRegenerateRecoveryCodes } from "./use-account-recovery";

/** On /settings/2fa with 2FA on: new recovery codes, proven with the current password or an authenticator code. */
export function RegenerateRecoveryCodes({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [proof, setProof] = useState("");
  // The proof field appears on request, so the page has one password field at a time (the disable form's).
  const [asking, setAsking] = useState(false);
  const regenerate = useRegenerateRecoveryCodes();
  if (!asking) {
    return (
      <div className="grid gap-3">
        <div className="grid gap-1">
          <h3 className="font-medium">{t("accounts.regen.title")}</h3>
          <p className="text-sm text-muted-foreground">{t("accounts.regen.description")}</p>
        </div>
        <Button type="button" variant="outline" className="w-fit" onClick={() => setAsking(true)}>
          {t("accounts.regen.submit")}
        </Button>
      </div>
    );
  }
  return (
    <form
      className="grid gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        regenerate.mutate(proof, {
          onSuccess: ({ recoveryCodes }) => {
            setProof("");
            setAsking(false);
            onCodes(recoveryCodes);
          },
          onError: (error) => {
            toast({ variant: "destructive", title: t("accounts.regen.failed"), description: serverRefusalWords(t, error) });
          },
        });
      }}
    >
      <div className="grid gap-1">
        <h3 className="font-medium">{t("accounts.regen.title")}</h3>
        <p className="text-sm text-muted-foreground">{t("accounts.regen.description")}</p>
      </div>
      <div className="grid max-w-sm gap-2">
        <Label htmlFor={id}>{t("accounts.regen.password")}</Label>
        <Input id={id} type="password" autoComplete="current-password" autoFocus value={proof} onChange={(event) => setProof(event.target.value)} />
      </div>
      <Button type="submit" variant="outline" className="w-fit" disabled={!proof || regenerate.isPending}>
        {regenerate.isPending && <Spinner aria-hidden />}
        {t("accounts.regen.submit")}
      </Button>
    </form>
  );
}
