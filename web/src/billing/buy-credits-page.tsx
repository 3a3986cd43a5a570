import { useFormatters } from "@duecheck/react/views/format";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@duecheck/ui/card";
import { Separator } from "@duecheck/ui/separator";
import { Skeleton } from "@duecheck/ui/skeleton";
import { useQueryClient } from "@tanstack/react-query";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { CreditCardIcon, PackageIcon } from "lucide-react";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import type { CreditPackageView } from "../../../lib/billing/schemas.ts";
import { PageHeader } from "../shell/page-header";
import { useMoney } from "./money";
import { NotConfiguredMessage } from "./not-configured-message";
import { PackagePicker } from "./package-picker";
import type { PaymentOutcome } from "./payment-outcome";
import { PaymentOutcomeCard } from "./payment-outcome-card";
import { PaymentPanel } from "./payment-panel";
import { ReturnedPayment } from "./returned-payment";
import { useBillingConfig, useCreditPackages } from "./use-billing";

const route = getRouteApi("/shell/buy-credits");

/** /buy-credits: a package, the Payment Element for it, then the outcome. */
export function BuyCreditsPage() {
  const { t } = useTranslation();
  const config = useBillingConfig();
  const configured = config.data?.configured === true;

  return (
    <div className="grid w-full grid-cols-1 gap-6">
      <PageHeader title={t("billing.title")} description={configured ? t("billing.description") : undefined} />
      {config.isLoading && <Skeleton className="h-40 w-full" />}
      {config.isError && (
        <p role="alert" className="text-sm text-destructive">
          {t("billing.loadFailed")}
        </p>
      )}
      {config.data && (configured ? <Checkout /> : <NotConfiguredMessage missingSettings={config.data.missingSettings} />)}
    </div>
  );
}

function Checkout() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { payment_intent: returnedIntent } = route.useSearch();
  const packages = useCreditPackages({ enabled: true });
  const [chosen, setChosen] = useState<number>();
  const [outcome, setOutcome] = useState<PaymentOutcome>();
  const list = packages.data?.packages ?? [];
  const selected = list.find((p) => p.credits === chosen) ?? list.find((p) => p.defaultSelected) ?? list[0];

  const finish = useCallback(
    (next: PaymentOutcome) => {
      setOutcome(next);
      // Stripe's return parameters are spent: a reload must not confirm again.
      if (returnedIntent) void navigate({ to: "/buy-credits", search: {}, replace: true });
    },
    [navigate, returnedIntent],
  );

  if (outcome) {
    return (
      <PaymentOutcomeCard
        outcome={outcome}
        onBuyMore={() => {
          queryClient.removeQueries({ queryKey: ["billing", "payment-intent"] });
          setOutcome(undefined);
        }}
      />
    );
  }
  if (returnedIntent) return <ReturnedPayment paymentIntentId={returnedIntent} onOutcome={finish} />;
  if (packages.isLoading) return <Skeleton className="h-64 w-full" />;
  if (packages.isError || !selected) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {t(packages.isError ? "billing.packagesLoadFailed" : "billing.noPackages")}
      </p>
    );
  }

  return (
    <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_26rem]">
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <PackageIcon className="size-5 text-primary" aria-hidden />
            {t("billing.packagesTitle")}
          </CardTitle>
          <CardDescription>{t("billing.packagesDescription")}</CardDescription>
        </CardHeader>
        <CardContent>
          <PackagePicker packages={list} selected={selected.credits} onSelect={setChosen} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <CreditCardIcon className="size-5 text-primary" aria-hidden />
            {t("billing.paymentTitle")}
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <OrderSummary pkg={selected} />
          <Separator />
          <PaymentPanel key={selected.credits} pkg={selected} onOutcome={finish} />
        </CardContent>
      </Card>
    </div>
  );
}

function OrderSummary({ pkg }: { pkg: CreditPackageView }) {
  const { t } = useTranslation();
  const { number } = useFormatters();
  const money = useMoney();
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm" data-testid="order-summary">
      <dt className="text-muted-foreground">{t("billing.summaryPackage")}</dt>
      <dd className="text-right font-medium">{t("billing.packageCredits", { count: pkg.credits, credits: number(pkg.credits) })}</dd>
      <dt className="text-muted-foreground">{t("billing.summaryTotal")}</dt>
      <dd className="text-right text-lg font-bold tabular-nums">{money.cents(pkg.amount, pkg.currency)}</dd>
    </dl>
  );
}
