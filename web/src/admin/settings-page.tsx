import { Button } from "@duecheck/ui/button";
import { Skeleton } from "@duecheck/ui/skeleton";
import { Spinner } from "@duecheck/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@duecheck/ui/tabs";
import { SaveIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { AdminSettings } from "../../../lib/admin/schemas.ts";
import { SecurityTab } from "../accounts/settings-security-tab";
import { PageHeader } from "../shell/page-header";
import { AdminOnly, isForbidden, NotAllowed } from "./admin-only";
import { NetworkTab } from "./settings-network-tab";
import { PackagesTab } from "./settings-packages-tab";
import { ReviewTab } from "./settings-review-tab";
import { PricingTab, RecordsTab, RegistrationTab } from "./settings-tabs";
import { useAdminSettings, useSaveSettings } from "./use-admin-settings";

/** The tabs in order: their value and the key of their name. */
const TABS = [
  ["pricing", "admin.settings.pricingTab"],
  ["packages", "admin.settings.packagesTab"],
  ["registration", "admin.settings.registrationTab"],
  ["review", "reviews.settings.tab"],
  ["security", "accounts.settings.securityTab"],
  ["records", "admin.settings.recordsTab"],
  ["network", "admin.settings.networkTab"],
] as const;

/** /admin/settings: Search Pricing, Credit Packages, Registration, Review, Records and Outgoing requests, one Save Changes. */
export function AdminSettingsPage() {
  return (
    <AdminOnly adminsOnly>
      <Settings />
    </AdminOnly>
  );
}

function Settings() {
  const { t, i18n } = useTranslation();
  const settings = useAdminSettings();
  const save = useSaveSettings();
  const [draft, setDraft] = useState<AdminSettings | null>(null);
  useEffect(() => {
    if (settings.data) setDraft(settings.data);
  }, [settings.data]);
  if (isForbidden(settings.error)) return <NotAllowed />;
  // The subtitle names what the tabs hold: the tabs' own names as a list in the interface language, so it cannot
  // fall behind when a tab is added.
  const tabsList = new Intl.ListFormat(i18n.language, { type: "conjunction" }).format(TABS.map(([, key]) => t(key)));

  return (
    <div className="grid w-full grid-cols-1 gap-6">
      <PageHeader title={t("admin.settings.title")} description={tabsList}>
        <Button onClick={() => draft && save.mutate(draft)} disabled={!draft || save.isPending}>
          {save.isPending ? <Spinner /> : <SaveIcon aria-hidden />}
          {t("admin.settings.save")}
        </Button>
      </PageHeader>
      {settings.isLoading && <Skeleton className="h-40 w-full" />}
      {settings.isError && (
        <p role="alert" className="text-sm text-destructive">
          {t("admin.loadFailed")}
        </p>
      )}
      {draft && (
        <Tabs defaultValue="pricing" className="gap-4">
          <TabsList>
            {TABS.map(([value, key]) => (
              <TabsTrigger key={value} value={value}>
                {t(key)}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="pricing">
            <PricingTab settings={draft} onChange={setDraft} />
          </TabsContent>
          <TabsContent value="packages">
            <PackagesTab settings={draft} onChange={setDraft} />
          </TabsContent>
          <TabsContent value="registration">
            <RegistrationTab settings={draft} onChange={setDraft} />
          </TabsContent>
          <TabsContent value="review">
            <ReviewTab settings={draft} onChange={setDraft} />
          </TabsContent>
          <TabsContent value="security">
            <SecurityTab settings={draft} onChange={setDraft} />
          </TabsContent>
          <TabsContent value="records">
            <RecordsTab settings={draft} onChange={setDraft} />
          </TabsContent>
          <TabsContent value="network">
            <NetworkTab settings={draft} onChange={setDraft} />
          </TabsContent>
        </Tabs>
      )}
    </div>
  );
}
