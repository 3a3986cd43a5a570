import type { DbOrTx } from "../../data/db.ts";
import { AppError } from "../errors.ts";
import { readSettings } from "../settings/system-settings.ts";
import type { CreditPackageView } from "./schemas.ts";
import { billingSettings, type CreditPackage } from "./system-settings.ts";

/** The package /buy-credits selects when it opens, when the settings offer it (else the popular one, else the first). */
export const DEFAULT_PACKAGE_CREDITS = 500;

/** USD (whole or fractional dollars) to cents. */
export function toCents(price: number): number {
  return Math.round(price * 100);
}

export function packageViews(packages: CreditPackage[]): CreditPackageView[] {
  const sorted = [...packages].sort((a, b) => a.credits - b.credits);
  const selected = sorted.find((p) => p.credits === DEFAULT_PACKAGE_CREDITS) ?? sorted.find((p) => p.popular) ?? sorted[0];
  return sorted.map((p) => ({
    credits: p.credits,
    price: p.price,
    amount: toCents(p.price),
    currency: "usd",
    pricePerCredit: p.price / p.credits,
    popular: p.popular ?? false,
    defaultSelected: p === selected,
    description: p.description ?? null,
  }));
}

/** The packages offered now (the system settings' creditPackages), smallest first. */
export async function listCreditPackages(db: DbOrTx): Promise<CreditPackageView[]> {
  return packageViews((await readSettings(db, billingSettings)).creditPackages);
}

/** The package of that many credits; 400 when none is offered. */
export async function findCreditPackage(db: DbOrTx, credits: number): Promise<CreditPackageView> {
  const found = (await listCreditPackages(db)).find((p) => p.credits === credits);
  if (!found) throw new AppError(400, `No credit package of ${credits} credits is offered`);
  if (found.amount < 50) throw new AppError(400, "This package's price is below the card minimum of $0.50");
  return found;
}
