import { Button } from "@duecheck/ui/button";
import { Label } from "@duecheck/ui/label";
import { Switch } from "@duecheck/ui/switch";
import { PlusIcon, Trash2Icon } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { AdminSettings } from "../../../lib/admin/schemas.ts";
import { NumberField, readPrice, readWhole, SettingsCard, type SettingsTabProps } from "./settings-fields";

type Package = AdminSettings["creditPackages"][number];

/** Credit Packages: add, edit, remove, and mark one popular (marking another takes the mark off the first). */
export function PackagesTab({ settings, onChange }: SettingsTabProps) {
  const { t } = useTranslation();
  const packages = settings.creditPackages;
  const set = (creditPackages: Package[]) => onChange({ ...settings, creditPackages });
  const edit = (index: number, change: Partial<Package>) => set(packages.map((p, i) => (i === index ? { ...p, ...change } : p)));
  const markPopular = (index: number, popular: boolean) =>
    set(packages.map((p, i) => ({ ...p, popular: i === index ? popular : popular ? false : p.popular })));
  return (
    <SettingsCard title={t("admin.settings.packagesTab")} description={t("admin.settings.packagesDescription")} contentClassName="grid gap-4">
      {packages.length === 0 && <p className="text-sm text-muted-foreground">{t("admin.settings.noPackages")}</p>}
      <ol className="grid gap-3" data-testid="credit-packages">
        {packages.map((pkg, index) => (
          // Packages have no id: the position is the identity while editing.
          <PackageRow
            key={index}
            index={index}
            pkg={pkg}
            onEdit={(change) => edit(index, change)}
            onPopular={(popular) => markPopular(index, popular)}
            onRemove={() => set(packages.filter((_, i) => i !== index))}
          />
        ))}
      </ol>
      <div>
        <Button type="button" variant="outline" onClick={() => set([...packages, { credits: 0, price: 0 }])}>
          <PlusIcon aria-hidden />
          {t("admin.settings.addPackage")}
        </Button>
      </div>
    </SettingsCard>
  );
}

function PackageRow({
  index,
  pkg,
  onEdit,
  onPopular,
  onRemove,
}: {
  index: number;
  pkg: Package;
  onEdit: (change: Partial<Package>) => void;
  onPopular: (popular: boolean) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const popularId = useId();
  return (
    <li
      className="grid items-end gap-3 rounded-lg border p-3 sm:grid-cols-[1fr_1fr_auto_auto]"
      data-testid="credit-package"
      aria-label={t("admin.settings.packageLabel", { number: index + 1 })}
    >
      <NumberField label={t("admin.settings.packageCredits")} value={pkg.credits} onChange={(text) => onEdit({ credits: readWhole(text) })} />
      <NumberField label={t("admin.settings.packagePrice")} value={pkg.price} step={0.01} onChange={(text) => onEdit({ price: readPrice(text) })} />
      <div className="flex h-9 items-center gap-2">
        <Switch id={popularId} checked={!!pkg.popular} onCheckedChange={onPopular} />
        <Label htmlFor={popularId}>{t("admin.settings.popular")}</Label>
      </div>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="text-muted-foreground hover:text-destructive"
        aria-label={t("admin.settings.removePackage", { number: index + 1 })}
        onClick={onRemove}
      >
        <Trash2Icon aria-hidden />
      </Button>
    </li>
  );
}
