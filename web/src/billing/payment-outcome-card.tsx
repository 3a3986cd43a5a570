import { useFormatters } from "@duecheck/react/views/format";
import { Button } from "@duecheck/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@duecheck/ui/card";
import { Link } from "@tanstack/react-router";
import { CheckCircle2Icon, ClockIcon, HistoryIcon, RotateCwIcon, XCircleIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { PaymentOutcome } from "./payment-outcome";

/** The end of a payment: credits added and the new balance, still processing, or failed with Stripe's reason. */
export function PaymentOutcomeCard({ outcome, onBuyMore }: { outcome: PaymentOutcome; onBuyMore: () => void }) {
  const { t } = useTranslation();
  const { number } = useFormatters();
  const {
    icon: Icon,
    title,
    text,
    tone,
  } = (() => {
    switch (outcome.kind) {
      case "succeeded":
        return {
          icon: CheckCircle2Icon,
          tone: "text-success",
          title: t("billing.successTitle"),
          text: t("billing.successDescription", { count: outcome.credits, credits: number(outcome.credits), balance: number(outcome.balance) }),
        };
      case "processing":
        return { icon: ClockIcon, tone: "text-warning", title: t("billing.processingTitle"), text: t("billing.processingDescription") };
      case "failed":
        return { icon: XCircleIcon, tone: "text-destructive", title: t("billing.failedTitle"), text: outcome.message ?? t("billing.failedDescription") };
    }
  })();

  return (
    <Card data-testid="payment-outcome" data-outcome={outcome.kind} role={outcome.kind === "failed" ? "alert" : "status"}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Icon className={`size-6 ${tone}`} aria-hidden />
          {title}
        </CardTitle>
        <CardDescription>{text}</CardDescription>
      </CardHeader>
      {outcome.kind === "failed" && <CardContent className="text-sm text-muted-foreground">{t("billing.failedNoCharge")}</CardContent>}
      <CardFooter className="flex flex-wrap gap-2">
        <Button onClick={onBuyMore}>
          <RotateCwIcon aria-hidden />
          {outcome.kind === "failed" ? t("billing.tryAgain") : t("billing.buyMore")}
        </Button>
        <Button asChild variant="outline">
          <Link to="/credit-history">
            <HistoryIcon aria-hidden />
            {t("billing.viewHistory")}
          </Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
