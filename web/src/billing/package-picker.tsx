import { useFormatters } from "@duecheck/react/views/format";
import { Badge } from "@duecheck/ui/badge";
import { RadioGroup, RadioGroupItem } from "@duecheck/ui/radio-group";
import { cn } from "@duecheck/ui/utils";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { CreditPackageView } from "../../../lib/billing/schemas.ts";
import { useMoney } from "./money";

/** The credit packages as a radio group: credits, price, price per credit, the popular one marked. */
export function PackagePicker({
  packages,
  selected,
  onSelect,
  disabled,
}: {
  packages: CreditPackageView[];
  selected: number;
  onSelect: (credits: number) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <RadioGroup
      aria-label={t("billing.packagesLabel")}
      value={String(selected)}
      onValueChange={(value) => onSelect(Number(value))}
      disabled={disabled}
      className="grid gap-3 sm:grid-cols-2"
      data-testid="credit-packages"
    >
      {packages.map((pkg) => (
        <PackageOption key={pkg.credits} pkg={pkg} checked={pkg.credits === selected} />
      ))}
    </RadioGroup>
  );
}

function PackageOption({ pkg, checked }: { pkg: CreditPackageView; checked: boolean }) {
  const { t } = useTranslation();
  const { number } = useFormatters();
  const money = useMoney();
  const id = useId();
  return (
    <label
      htmlFor={id}
      data-testid="credit-package"
      className={cn(
        "flex cursor-pointer items-start gap-3 rounded-lg border p-4 transition-colors hover:bg-muted/40 has-[:disabled]:cursor-not-allowed",
        checked && "border-primary bg-primary/5 ring-1 ring-primary",
      )}
    >
      <RadioGroupItem id={id} value={String(pkg.credits)} className="mt-1" />
      <span className="grid flex-1 gap-1">
        <span className="flex flex-wrap items-center justify-between gap-2">
          <span className="font-semibold">{t("billing.packageCredits", { count: pkg.credits, credits: number(pkg.credits) })}</span>
          {pkg.popular && <Badge>{t("billing.popular")}</Badge>}
        </span>
        <span className="text-2xl font-bold tabular-nums">{money.cents(pkg.amount, pkg.currency)}</span>
        <span className="text-xs text-muted-foreground">{t("billing.perCredit", { price: money.perCredit(pkg.pricePerCredit, pkg.currency) })}</span>
        {pkg.description && <span className="text-sm text-muted-foreground">{pkg.description}</span>}
      </span>
    </label>
  );
}
