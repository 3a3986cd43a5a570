import { Badge } from "@duecheck/ui/badge";
import { Button } from "@duecheck/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@duecheck/ui/card";
import { toast } from "@duecheck/ui/use-toast";
import { BotIcon, CopyIcon, ShieldCheckIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { API_KEY_SCOPES, type ApiKeyScope, DEFAULT_API_KEY_SCOPES } from "../../../lib/auth/api-key-scopes.ts";
import { copyText } from "../lib/copy-text";

/** The MCP server's tools, each with the scope a key needs for it (an agent's key is checked as any other call). */
export const MCP_TOOLS: readonly { name: string; scope: ApiKeyScope }[] = [
  { name: "screen", scope: "screen" },
  { name: "get_screening", scope: "read" },
  { name: "search_lists", scope: "read" },
  { name: "compare_names", scope: "read" },
  { name: "list_open_hits", scope: "read" },
  { name: "decide_hit", scope: "review" },
  { name: "monitor_entity", scope: "monitor" },
];

/** A desktop agent's configuration: this server under "mcpServers", reached over HTTP with a key. */
export function mcpConfigExample(endpoint: string) {
  return JSON.stringify({ mcpServers: { duecheck: { url: endpoint, headers: { Authorization: "Bearer YOUR_API_KEY" } } } }, null, 2);
}

/**
 * The documentation of the MCP server (Streamable HTTP at /mcp on this origin, with an API key; or the CLI over
 * stdio on the server's machine) and of what a key's scopes allow.
 */
export function McpDocs() {
  const { t, i18n } = useTranslation();
  const endpoint = `${window.location.origin}/mcp`;
  const config = mcpConfigExample(endpoint);

  async function copy() {
    const copied = await copyText(config);
    toast(
      copied
        ? { title: t("apiAccess.copied"), description: t("apiDocs.mcp.configCopied") }
        : { variant: "destructive", title: t("apiAccess.errorTitle"), description: t("apiAccess.copyFailed") },
    );
  }

  return (
    <>
      <section aria-labelledby="api-mcp-title">
        <Card data-testid="mcp-docs">
          <CardHeader>
            <h2 id="api-mcp-title" className="flex items-center gap-2 font-semibold leading-none [&>svg]:size-5 [&>svg]:text-primary">
              <BotIcon aria-hidden />
              {t("apiDocs.mcp.title")}
            </h2>
            <CardDescription>{t("apiDocs.mcp.description")}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-6">
            <div className="grid gap-6 md:grid-cols-2">
              <div className="grid content-start gap-2">
                <h3 className="font-medium">{t("apiDocs.mcp.endpoint")}</h3>
                <code className="block rounded-md bg-muted px-3 py-2 font-mono text-xs break-all" data-testid="mcp-endpoint">
                  {endpoint}
                </code>
                <p className="text-sm text-muted-foreground">{t("apiDocs.mcp.transport")}</p>
                <code className="block rounded-md bg-muted px-3 py-2 font-mono text-xs break-all">{"Authorization: Bearer <API key>"}</code>
              </div>
              <div className="grid content-start gap-2">
                <h3 className="font-medium">{t("apiDocs.mcp.local")}</h3>
                <p className="text-sm text-muted-foreground">{t("apiDocs.mcp.localDescription")}</p>
                <code className="block rounded-md bg-muted px-3 py-2 font-mono text-xs break-all">duecheck mcp --user EMAIL</code>
              </div>
            </div>

            <div className="grid gap-2">
              <h3 className="font-medium">{t("apiDocs.mcp.tools")}</h3>
              <ul className="grid gap-2" data-testid="mcp-tools">
                {MCP_TOOLS.map((tool) => (
                  <li key={tool.name} className="grid gap-1 rounded-md border px-3 py-2 sm:grid-cols-[12rem_1fr_auto] sm:items-center sm:gap-3">
                    <code className="font-mono text-sm font-medium">{tool.name}</code>
                    <span className="text-sm text-muted-foreground">{t(`apiDocs.mcp.tool.${tool.name}`)}</span>
                    <span className="text-xs">
                      {t("apiDocs.mcp.needsScope")}{" "}
                      <Badge variant={tool.scope === "read" || tool.scope === "screen" ? "secondary" : "default"} className="font-mono text-[0.7rem]">
                        {tool.scope}
                      </Badge>
                    </span>
                  </li>
                ))}
              </ul>
            </div>

            <div className="grid gap-2">
              <div className="flex items-center justify-between gap-2">
                <h3 className="font-medium">{t("apiDocs.mcp.configTitle")}</h3>
                <Button type="button" variant="outline" size="sm" onClick={copy} aria-label={t("apiDocs.mcp.copyConfig")}>
                  <CopyIcon aria-hidden />
                  {t("apiAccess.copy")}
                </Button>
              </div>
              <p className="text-sm text-muted-foreground">{t("apiDocs.mcp.configHint")}</p>
              <pre className="overflow-x-auto rounded-md bg-muted p-3 font-mono text-xs" data-testid="mcp-config">
                <code>{config}</code>
              </pre>
            </div>
          </CardContent>
        </Card>
      </section>

      <section aria-labelledby="api-scopes-title">
        <Card data-testid="scopes-docs">
          <CardHeader>
            <h2 id="api-scopes-title" className="flex items-center gap-2 font-semibold leading-none [&>svg]:size-5 [&>svg]:text-primary">
              <ShieldCheckIcon aria-hidden />
              {t("apiDocs.scopes.title")}
            </h2>
            <CardDescription>
              {t("apiDocs.scopes.description", { defaults: new Intl.ListFormat(i18n.language).format(DEFAULT_API_KEY_SCOPES) })}
            </CardDescription>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              {API_KEY_SCOPES.map((scope) => (
                <div key={scope} className="contents">
                  <dt>
                    <code className="font-mono font-medium">{scope}</code>
                  </dt>
                  <dd className="text-muted-foreground">{t(`apiAccess.scopeHint.${scope}`)}</dd>
                </div>
              ))}
            </dl>
            <p className="mt-4 text-sm text-muted-foreground">{t("apiDocs.scopes.refusal")}</p>
          </CardContent>
        </Card>
      </section>
    </>
  );
}
