import { Button } from "@duecheck/ui/button";
import { Link } from "@tanstack/react-router";
import { CreditCardIcon } from "lucide-react";
import { useTranslation } from "react-i18next";

/** 'Buy Credits' under an 'Insufficient Credits' alert: where a user who ran out gets more. */
export function BuyCreditsLink() {
  const { t } = useTranslation();
  return (
    <Button asChild variant="outline" size="sm" className="mt-2 w-fit">
      <Link to="/buy-credits" data-testid="buy-credits-link">
        <CreditCardIcon aria-hidden />
        {t("credits.buy")}
      </Link>
    </Button>
  );
}
