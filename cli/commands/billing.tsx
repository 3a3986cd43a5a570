import type { Command } from "commander";
import { loadBillingConfig } from "../../lib/billing/config.ts";
import { listCreditPackages } from "../../lib/billing/packages.ts";
import { listPurchases } from "../../lib/billing/purchases.ts";
import { withDatabase } from "../database.ts";
import { askedLanguage, withLanguageOption, words } from "../language.ts";
import { parseLimit } from "../options.ts";
import { printJson, printView } from "../ui/render.tsx";
import { Table } from "../ui/table.tsx";
import { cliUser } from "../user.ts";

const time = (iso: string) => iso.slice(0, 16).replace("T", " ");
const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;

export function registerBilling(program: Command) {
  const billing = program.command("billing").description("Credit packages offered for card payment (Stripe) and the purchases made");

  withLanguageOption(billing.command("packages"))
    .description("The credit packages of the system settings: credits, price, price per credit")
    .option("--json", "print as JSON (the shape of GET /api/billing/packages)")
    .action(async (options: { json?: boolean; language?: string }) => {
      const packages = await withDatabase(({ db }) => listCreditPackages(db));
      if (options.json) return printJson({ packages });
      const { t } = words(askedLanguage(options.language));
      console.log(t.billing.packagesTitle);
      printView(
        <Table
          rows={packages}
          empty={t.billing.noPackages}
          columns={[
            { header: t.billing.columns.credits, value: (p) => String(p.credits) },
            { header: t.billing.columns.price, value: (p) => money(p.amount, p.currency) },
            { header: t.billing.columns.perCredit, value: (p) => `${p.pricePerCredit.toFixed(4)} USD` },
            {
              header: t.billing.columns.note,
              value: (p) => [p.popular && t.billing.popular, p.defaultSelected && t.billing.defaultSelected].filter(Boolean).join(", "),
            },
          ]}
        />,
      );
      if (!loadBillingConfig()) console.log(t.billing.notConfigured);
    });

  withLanguageOption(billing.command("purchases"))
    .description("Purchases, newest first: credits, amount, status, refunded credits, receipt (every user's unless --user)")
    .option("--user <email>", "only this user's purchases")
    .option("--limit <n>", "purchases shown, 1 to 100", "50")
    .option("--json", "print as JSON (the shape of GET /api/billing/purchases, with userEmail)")
    .action(async (options: { user?: string; limit: string; json?: boolean; language?: string }) => {
      const asked = askedLanguage(options.language);
      const limit = parseLimit(options.limit, words(asked));
      const { page, shown } = await withDatabase(async ({ db }) => {
        const user = options.user ? await cliUser(db, options.user, words(asked)) : null;
        return { page: await listPurchases(db, { limit, userId: user?.id, includePending: true }), shown: words(asked, user) };
      });
      if (options.json) return printJson(page);
      const { t } = shown;
      console.log(t.billing.purchasesTitle(page.total));
      printView(
        <Table
          rows={page.items}
          empty={t.billing.noPurchases}
          columns={[
            { header: t.billing.columns.time, value: (p) => time(p.createdAt) },
            ...(options.user ? [] : [{ header: t.billing.columns.user, value: (p: (typeof page.items)[number]) => p.userEmail ?? "-" }]),
            { header: t.billing.columns.credits, value: (p) => String(p.credits) },
            { header: t.billing.columns.amount, value: (p) => money(p.amount, p.currency) },
            { header: t.billing.columns.status, value: (p) => t.billing.statuses[p.status] },
            { header: t.billing.columns.refunded, value: (p) => String(p.refundedCredits) },
            { header: t.billing.columns.receipt, value: (p) => p.receiptUrl ?? "-" },
          ]}
        />,
      );
    });
}
