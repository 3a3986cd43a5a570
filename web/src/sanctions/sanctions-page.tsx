import { Tabs, TabsContent, TabsList, TabsTrigger } from "@duecheck/ui/tabs";
import { DatabaseIcon, SearchIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../shell/page-header";
import { DatasetsTab } from "./datasets-tab";
import { SearchTab } from "./search-tab";

/** /sanctions: the sanctions and PEP datasets, and a direct search of the sanctions lists. */
export function SanctionsPage() {
  const { t } = useTranslation();
  return (
    <div className="grid w-full grid-cols-1 gap-6">
      <PageHeader title={t("sanctions.title")} description={t("sanctions.subtitle")} />
      <Tabs defaultValue="datasets" className="gap-4">
        <TabsList className="w-full sm:w-fit">
          <TabsTrigger value="datasets">
            <DatabaseIcon aria-hidden />
            {t("sanctions.tabDatasets")}
          </TabsTrigger>
          <TabsTrigger value="search">
            <SearchIcon aria-hidden />
            {t("sanctions.tabSearch")}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="datasets">
          <DatasetsTab />
        </TabsContent>
        {/* Kept mounted so the term and the results survive a visit to the Datasets tab. */}
        <TabsContent value="search" forceMount className="data-[state=inactive]:hidden">
          <SearchTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
