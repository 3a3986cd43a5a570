import { Tabs, TabsContent, TabsList, TabsTrigger } from "@duecheck/ui/tabs";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../shell/page-header";
import { AdminOnly } from "./admin-only";
import { SearchActivityTab } from "./search-activity-tab";
import { TransactionsTab } from "./transactions-tab";

/** /admin/activity: Search Activity and Credit Transactions, each paged on the server. */
export function AdminActivityPage() {
  const { t } = useTranslation();
  return (
    <AdminOnly>
      <div className="grid w-full grid-cols-1 gap-6">
        <PageHeader title={t("admin.activity.title")} description={t("admin.activity.description")} />
        <Tabs defaultValue="searches" className="gap-4">
          {/* Long tab names (Spanish, German) wrap on a phone rather than widen the page. */}
          <TabsList className="h-auto max-w-full flex-wrap">
            <TabsTrigger value="searches">{t("admin.activity.searchesTab")}</TabsTrigger>
            <TabsTrigger value="transactions">{t("admin.activity.transactionsTab")}</TabsTrigger>
          </TabsList>
          <TabsContent value="searches">
            <SearchActivityTab />
          </TabsContent>
          <TabsContent value="transactions">
            <TransactionsTab />
          </TabsContent>
        </Tabs>
      </div>
    </AdminOnly>
  );
}
