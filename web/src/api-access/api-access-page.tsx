import { Tabs, TabsContent, TabsList, TabsTrigger } from "@duecheck/ui/tabs";
import { AppWindowIcon, BookOpenIcon, KeyRoundIcon, WebhookIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../shell/page-header";
import { WebhooksTab } from "../webhooks/webhooks-tab";
import { ApiKeysTab } from "./api-keys-tab";
import { DocumentationTab } from "./documentation-tab";
import { EmbeddingTab } from "./embedding-tab";

/** /api-access: the user's API keys, webhooks, embedding in other sites and the public API's documentation. */
export function ApiAccessPage() {
  const { t } = useTranslation();
  return (
    <div className="grid w-full grid-cols-1 gap-6">
      <PageHeader title={t("apiAccess.title")} description={t("apiAccess.subtitle")} />
      <Tabs defaultValue="keys" className="gap-4">
        <TabsList className="w-full sm:w-fit">
          <TabsTrigger value="keys">
            <KeyRoundIcon aria-hidden />
            {t("apiAccess.tabKeys")}
          </TabsTrigger>
          <TabsTrigger value="webhooks">
            <WebhookIcon aria-hidden />
            {t("apiAccess.tabWebhooks")}
          </TabsTrigger>
          <TabsTrigger value="embed">
            <AppWindowIcon aria-hidden />
            {t("apiAccess.tabEmbed")}
          </TabsTrigger>
          <TabsTrigger value="docs">
            <BookOpenIcon aria-hidden />
            {t("apiAccess.tabDocs")}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="keys">
          <ApiKeysTab />
        </TabsContent>
        <TabsContent value="webhooks">
          <WebhooksTab />
        </TabsContent>
        <TabsContent value="embed">
          <EmbeddingTab />
        </TabsContent>
        <TabsContent value="docs">
          <DocumentationTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
