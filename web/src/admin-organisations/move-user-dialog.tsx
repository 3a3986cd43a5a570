import { Button } from "@duecheck/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@duecheck/ui/dialog";
import { Input } from "@duecheck/ui/input";
import { Label } from "@duecheck/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@duecheck/ui/select";
import { Spinner } from "@duecheck/ui/spinner";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { AdminOrganisationMember, AdminOrganisationView } from "../../../lib/organisations/admin-contract.ts";
import { moveUserSchema } from "../../../lib/organisations/admin-contract.ts";
import { ORGANISATION_ROLES, type OrganisationRole } from "../../../lib/organisations/contract.ts";
import { useDebouncedValue } from "../hooks/use-debounced-value";
import { useMoveUser, useOrganisationChoices } from "./use-admin-organisations";

/**
 * Moves a member into another organisation with a role: the organisation is found by name (the server filters, so a
 * thousand organisations need not be loaded) and chosen from the matches; the server's schema checks the request.
 */
export function MoveUserDialog({ member, from, onClose }: { member: AdminOrganisationMember | null; from: AdminOrganisationView; onClose: () => void }) {
  const { t } = useTranslation();
  const ids = { search: useId(), target: useId(), role: useId() };
  const [filter, setFilter] = useState("");
  const q = useDebouncedValue(filter);
  const [target, setTarget] = useState<string>("");
  const [role, setRole] = useState<OrganisationRole>("analyst");
  const choices = useOrganisationChoices(q.trim(), member !== null);
  const move = useMoveUser(onClose);
  const options = (choices.data?.items ?? []).filter((o) => o.id !== from.id);
  const chosen = options.find((o) => o.id === target);

  // biome-ignore lint/correctness/useExhaustiveDependencies: cleared whenever another member is chosen
  useEffect(() => {
    setFilter("");
    setTarget("");
    setRole("analyst");
  }, [member]);

  const submit = () => {
    const body = moveUserSchema.safeParse({ organisationId: target, role });
    if (member && chosen && body.success) move.mutate({ member, body: body.data, targetName: chosen.name });
  };

  return (
    <Dialog open={member !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="move-user-dialog">
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <DialogHeader>
            <DialogTitle className="wrap-anywhere">{t("adminOrganisations.moveUserTitle", { name: member?.fullName ?? "" })}</DialogTitle>
            <DialogDescription className="wrap-anywhere">{t("adminOrganisations.moveUserDescription", { name: from.name })}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={ids.search}>{t("adminOrganisations.targetSearch")}</Label>
            <Input id={ids.search} value={filter} onChange={(event) => setFilter(event.target.value)} placeholder={t("adminOrganisations.filterPlaceholder")} />
          </div>
          <div className="grid gap-2">
            <Label id={ids.target}>{t("adminOrganisations.target")}</Label>
            <Select value={target} onValueChange={setTarget}>
              <SelectTrigger className="w-full" aria-labelledby={ids.target} data-testid="move-target">
                <SelectValue placeholder={t("adminOrganisations.targetPlaceholder")} />
              </SelectTrigger>
              <SelectContent>
                {options.map((o) => (
                  <SelectItem key={o.id} value={o.id}>
                    {o.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="grid gap-2">
            <Label id={ids.role}>{t("adminOrganisations.newRole")}</Label>
            <Select value={role} onValueChange={(value) => setRole(value as OrganisationRole)}>
              <SelectTrigger className="w-full" aria-labelledby={ids.role} data-testid="move-role">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {ORGANISATION_ROLES.map((r) => (
                  <SelectItem key={r} value={r}>
                    {t(`organisation.role.${r}`)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" disabled={!chosen || move.isPending}>
              {move.isPending && <Spinner />}
              {t("adminOrganisations.moveUser")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
