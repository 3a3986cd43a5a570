import { useFormatters } from "@duecheck/react/views/format";
import { Button } from "@duecheck/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@duecheck/ui/dialog";
import { Input } from "@duecheck/ui/input";
import { Label } from "@duecheck/ui/label";
import { Spinner } from "@duecheck/ui/spinner";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { AdminUserView } from "../../../lib/admin/schemas.ts";
import { useAddCredits } from "./use-admin-users";

/** Add credits (spec part 2 sections 2 and 5): the user's balance, a whole number (the button waits for one) and a note. */
export function AddCreditsDialog({ user, onClose }: { user: AdminUserView | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { number } = useFormatters();
  const [amount, setAmount] = useState("");
  const [note, setNote] = useState("");
  const add = useAddCredits(onClose);
  const ids = { amount: useId(), note: useId() };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the form is cleared whenever another user is chosen
  useEffect(() => {
    setAmount("");
    setNote("");
  }, [user]);

  const parsed = Number.parseInt(amount, 10);
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!user || !Number.isFinite(parsed)) return;
    add.mutate({ user, body: { amount: parsed, ...(note.trim() && { description: note.trim() }) } });
  }

  return (
    <Dialog open={!!user} onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="add-credits-dialog">
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{t("admin.users.addCreditsTitle")}</DialogTitle>
            <DialogDescription>{user?.email}</DialogDescription>
          </DialogHeader>
          <p className="text-sm" data-testid="current-balance">
            {t("admin.users.currentBalance", { value: user ? (user.role === "admin" ? t("credits.unlimited") : number(user.credits)) : "" })}
          </p>
          <div className="grid gap-2">
            <Label htmlFor={ids.amount}>{t("admin.users.amount")}</Label>
            <Input id={ids.amount} type="number" inputMode="numeric" min={1} step={1} value={amount} onChange={(event) => setAmount(event.target.value)} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={ids.note}>{t("admin.users.note")}</Label>
            <Input id={ids.note} value={note} maxLength={500} onChange={(event) => setNote(event.target.value)} />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" disabled={amount.trim() === "" || add.isPending}>
              {add.isPending && <Spinner />}
              {t("admin.users.addCredits")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
