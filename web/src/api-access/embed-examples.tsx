import { Button } from "@duecheck/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@duecheck/ui/card";
import { toast } from "@duecheck/ui/use-toast";
import { CopyIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { copyText } from "../lib/copy-text";

/** A React host page: the token from its backend, then the provider and the components (packages/react). */
export function reactExample(origin: string) {
  return `npm install @duecheck/react

import { DuecheckProvider, ScreeningSearch } from "@duecheck/react";

export function Screening({ token }: { token: string }) {
  // token: from your backend's POST ${origin}/api/v1/embed-tokens
  return (
    <DuecheckProvider baseUrl="${origin}" token={token} language="en" theme="light">
      <ScreeningSearch
        onCompleted={(search) => console.log(search.riskLevel)}
        onError={(error) => console.error(error)}
      />
    </DuecheckProvider>
  );
}`;
}

/** Any host page: the drop-in script served by this server and its custom element. */
export function scriptExample(origin: string) {
  return `<script src="${origin}/embed.js"></script>

<duecheck-screening
  base-url="${origin}"
  token="dce_… (from your backend)"
  language="en"
  theme="light"
  view="search"
></duecheck-screening>

<script>
  document.querySelector("duecheck-screening")
    .addEventListener("duecheck-completed", (event) => console.log(event.detail.riskLevel));
</script>`;
}

function CodeExample({ title, hint, code, testId }: { title: string; hint: string; code: string; testId: string }) {
  const { t } = useTranslation();
  async function copy() {
    const copied = await copyText(code);
    toast(
      copied
        ? { title: t("embed.copied"), description: t("embed.exampleCopied") }
        : { variant: "destructive", title: t("embed.errorTitle"), description: t("embed.copyFailed") },
    );
  }
  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between gap-2">
        <h3 className="font-medium">{title}</h3>
        <Button type="button" variant="outline" size="sm" onClick={copy} aria-label={`${t("embed.copy")}: ${title}`}>
          <CopyIcon aria-hidden />
          {t("embed.copy")}
        </Button>
      </div>
      <p className="text-muted-foreground">{hint}</p>
      <pre className="overflow-x-auto rounded-md bg-muted p-3 font-mono text-xs" data-testid={testId}>
        {code}
      </pre>
    </div>
  );
}

/** Copy-paste examples of the embeddable components: React and the script tag, with this server's address. */
export function EmbedExamples() {
  const { t } = useTranslation();
  const origin = window.location.origin;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("embed.examplesTitle")}</CardTitle>
        <CardDescription>{t("embed.examplesDescription")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 text-sm">
        <CodeExample title={t("embed.reactTitle")} hint={t("embed.reactHint")} code={reactExample(origin)} testId="embed-react-example" />
        <CodeExample title={t("embed.scriptTitle")} hint={t("embed.scriptHint")} code={scriptExample(origin)} testId="embed-script-example" />
        <p className="text-muted-foreground">{t("embed.themeHint")}</p>
      </CardContent>
    </Card>
  );
}
