import { Button } from "@duecheck/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@duecheck/ui/card";
import { toast } from "@duecheck/ui/use-toast";
import { CopyIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { EMBED_TOKEN_TTL } from "../../../lib/embed/schemas.ts";
import { copyText } from "../lib/copy-text";

/** What a host backend runs to get a token (the key stays on the server); the base URL is this server's. */
export function tokenRequestExample(origin: string) {
  return [
    `curl -X POST ${origin}/api/v1/embed-tokens \\`,
    `  -H "Authorization: Bearer YOUR_API_KEY" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -d '{"ttlSeconds": ${EMBED_TOKEN_TTL.defaultSeconds}}'`,
  ].join("\n");
}

const ANSWER_EXAMPLE = `{
  "token": "dce_…",
  "expiresAt": "2026-11-23T10:15:00.000Z",
  "scopes": ["screening"]
}`;

/** How embedding works: the token flow in three steps, with a copy-paste request for the host's backend. */
export function EmbedTokenHelp() {
  const { t } = useTranslation();
  const request = tokenRequestExample(window.location.origin);
  async function copy() {
    const copied = await copyText(request);
    toast(
      copied
        ? { title: t("embed.copied"), description: t("embed.copiedDescription") }
        : { variant: "destructive", title: t("embed.errorTitle"), description: t("embed.copyFailed") },
    );
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("embed.flowTitle")}</CardTitle>
        <CardDescription>{t("embed.flowDescription")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        <ol className="grid list-decimal gap-2 pl-5">
          <li>{t("embed.step1")}</li>
          <li>
            {t("embed.step2", { min: EMBED_TOKEN_TTL.minSeconds / 60, max: EMBED_TOKEN_TTL.maxSeconds / 60, default: EMBED_TOKEN_TTL.defaultSeconds / 60 })}
          </li>
          <li>{t("embed.step3")}</li>
        </ol>
        <div className="grid gap-2">
          <div className="flex items-center justify-between gap-2">
            <h3 className="font-medium">{t("embed.requestTitle")}</h3>
            <Button type="button" variant="outline" size="sm" onClick={copy}>
              <CopyIcon aria-hidden />
              {t("embed.copy")}
            </Button>
          </div>
          <pre className="overflow-x-auto rounded-md bg-muted p-3 font-mono text-xs" data-testid="embed-token-request">
            {request}
          </pre>
        </div>
        <div className="grid gap-2">
          <h3 className="font-medium">{t("embed.answerTitle")}</h3>
          <pre className="overflow-x-auto rounded-md bg-muted p-3 font-mono text-xs">{ANSWER_EXAMPLE}</pre>
        </div>
        <p className="text-muted-foreground">{t("embed.limits")}</p>
      </CardContent>
    </Card>
  );
}
