import { Tabs, TabsContent, TabsList, TabsTrigger } from "@duecheck/ui/tabs";
import { AppWindowIcon, BookOpenIcon, KeyRoundIcon, WebhookIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../shell/page-header";
import { WebhooksTab } from "../webhooks/webhooks-tab";
import { ApiKeysTab } from "./api-keys-tab";
import { DocumentationTab } from "./documentation-tab";
import { EmbeddingTab } from "./embedding-tab";

/** A tab's height: its own on a phone's two rows, the bar's from sm on. */
const TRIGGER = "h-8 sm:h-[calc(100%-1px)]";

/** /api-access: the user's API keys, webhooks, embedding in other sites and the public API's documentation. */
export function ApiAccessPage() {
  const { t } = useTranslation();
  return (
    <div className="grid w-full grid-cols-1 gap-6">
      <PageHeader title={t("apiAccess.title")} description={t("apiAccess.subtitle")} />
      <Tabs defaultValue="keys" className="gap-4">
        {/* On a phone the four tabs are two rows of two rather than running off the screen (German labels are long). */}
        <TabsList className="grid h-auto w-full grid-cols-2 sm:inline-flex sm:h-9 sm:w-fit">
          <TabsTrigger className={TRIGGER} value="keys">
            <KeyRoundIcon aria-hidden />
            {t("apiAccess.tabKeys")}
          </TabsTrigger>
          <TabsTrigger className={TRIGGER} value="webhooks">
            <WebhookIcon aria-hidden />
            {t("apiAccess.tabWebhooks")}
          </TabsTrigger>
          <TabsTrigger className={TRIGGER} value="embed">
            <AppWindowIcon aria-hidden />
            {t("apiAccess.tabEmbed")}
          </TabsTrigger>
          <TabsTrigger className={TRIGGER} value="docs">
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
