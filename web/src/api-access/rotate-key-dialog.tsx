import { Button } from "@duecheck/ui/button";
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@duecheck/ui/dialog";
import { Label } from "@duecheck/ui/label";
import { RadioGroup, RadioGroupItem } from "@duecheck/ui/radio-group";
import { Spinner } from "@duecheck/ui/spinner";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { type ApiKeyListItem, ROTATION_GRACE_HOURS } from "../../../lib/auth/api-key-schema.ts";
import { CreateSecretDialog } from "../components/shown-once-secret";
import { CreatedKeyDetails } from "./created-key-details";
import { type CreatedApiKey, useRotateApiKey } from "./use-api-keys";

/** How long the old secret may keep working beside the new one: none, an hour, a day (the server's default), a week. */
const GRACE_HOURS = [0, 1, ROTATION_GRACE_HOURS.default, ROTATION_GRACE_HOURS.max] as const;
type GraceHours = (typeof GRACE_HOURS)[number];

/**
 * Rotate a key: choose how long the old secret keeps working (so the systems using it can be moved over without a
 * gap), confirm, then the new key once with Copy and Done, as at creation.
 */
export function RotateKeyDialog({ apiKey, onClose }: { apiKey: ApiKeyListItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  const rotate = useRotateApiKey();
  const [grace, setGrace] = useState<GraceHours>(ROTATION_GRACE_HOURS.default);
  const [created, setCreated] = useState<{ key: CreatedApiKey; grace: GraceHours } | null>(null);
  // The key stays named while the dialog closes (its animation), after the list let go of it.
  const [shown, setShown] = useState<ApiKeyListItem | null>(apiKey);
  if (apiKey && apiKey !== shown) setShown(apiKey);
  const legendId = useId();

  return (
    <CreateSecretDialog
      open={!!apiKey}
      onOpenChange={(open) => !open && onClose()}
      testId="rotate-key-dialog"
      onReset={() => {
        setCreated(null);
        setGrace(ROTATION_GRACE_HOURS.default);
        rotate.reset();
      }}
      created={
        created && {
          title: t("apiAccess.rotatedTitle"),
          description: `${t("apiAccess.rotatedDescription", { name: created.key.name })} ${t(`apiAccess.rotatedOld.${created.grace}`)}`,
          value: created.key.key,
          testId: "rotated-api-key",
          words: {
            warning: t("apiAccess.shownOnce"),
            label: t("apiAccess.yourKey"),
            copy: t("apiAccess.copy"),
            copied: { title: t("apiAccess.copied"), description: t("apiAccess.copiedDescription") },
            copyFailed: { title: t("apiAccess.errorTitle"), description: t("apiAccess.copyFailed") },
          },
          done: t("apiAccess.done"),
          details: <CreatedKeyDetails apiKey={created.key} />,
        }
      }
    >
      {(close) => (
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (!shown) return;
            rotate.mutate({ id: shown.id, graceHours: grace }, { onSuccess: (key) => setCreated({ key, grace }) });
          }}
        >
          <DialogHeader>
            <DialogTitle>{t("apiAccess.rotateTitle", { name: shown?.name ?? "" })}</DialogTitle>
            <DialogDescription>{t("apiAccess.rotateDescription")}</DialogDescription>
          </DialogHeader>
          <fieldset className="grid gap-2">
            <legend id={legendId} className="mb-2 text-sm font-medium">
              {t("apiAccess.graceLabel")}
            </legend>
            <RadioGroup aria-labelledby={legendId} value={String(grace)} onValueChange={(value) => setGrace(Number(value) as GraceHours)}>
              {GRACE_HOURS.map((hours) => (
                <GraceOption key={hours} hours={hours} />
              ))}
            </RadioGroup>
          </fieldset>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={close}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" disabled={rotate.isPending}>
              {rotate.isPending && <Spinner />}
              {t("apiAccess.rotateConfirm")}
            </Button>
          </DialogFooter>
        </form>
      )}
    </CreateSecretDialog>
  );
}

function GraceOption({ hours }: { hours: GraceHours }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <RadioGroupItem id={id} value={String(hours)} />
      <Label htmlFor={id} className="font-normal">
        {t(`apiAccess.grace.${hours}`)}
      </Label>
    </div>
  );
}
