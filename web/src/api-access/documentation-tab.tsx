import { errorOf } from "@duecheck/react/api/errors";
import { useFormatters } from "@duecheck/react/views/format";
import { Badge } from "@duecheck/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@duecheck/ui/card";
import { Skeleton } from "@duecheck/ui/skeleton";
import { cn } from "@duecheck/ui/utils";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { GaugeIcon, GlobeIcon, ListChecksIcon, LockKeyholeIcon } from "lucide-react";
import type * as React from "react";
import { useTranslation } from "react-i18next";
import { observedFetch } from "../service-status/status-store";
import { EndpointCard } from "./endpoint-card";
import { McpDocs } from "./mcp-docs";
import { HTTP_METHODS, type OpenApiDocument, type Operation } from "./openapi";
import { Prose } from "./prose";

export const OPENAPI_QUERY_KEY = ["/api/v1/openapi.json"] as const;

/**
 * GET /api/v1/openapi.json, the public API's own description. It is served by the bearer-key API (server/public-api),
 * not by the cookie API whose routes type the app's client (server/api.ts), so no route type exists for it here: it is
 * read as an OpenAPI 3.1 document (openapi.ts), whose every part the tab treats as optional.
 */
async function fetchOpenApiDocument(signal: AbortSignal): Promise<OpenApiDocument> {
  const res = await observedFetch(OPENAPI_QUERY_KEY[0], { credentials: "include", signal });
  if (!res.ok) throw await errorOf(res);
  return res.json();
}

const openApiQuery = queryOptions({ queryKey: OPENAPI_QUERY_KEY, queryFn: ({ signal }) => fetchOpenApiDocument(signal) });

/** Per-key limits of the public API: 100 a minute, 1000 an hour, 10000 a day. */
export const RATE_LIMITS = [
  { limit: 100, unit: "minute" },
  { limit: 1000, unit: "hour" },
  { limit: 10000, unit: "day" },
] as const;

/** What each status code of the public API means, by code. */
export const STATUS_KEYS: Record<string, string> = {
  "200": "apiDocs.status.200",
  "201": "apiDocs.status.201",
  "202": "apiDocs.status.202",
  "400": "apiDocs.status.400",
  "401": "apiDocs.status.401",
  "402": "apiDocs.status.402",
  "404": "apiDocs.status.404",
  "413": "apiDocs.status.413",
  "429": "apiDocs.status.429",
  "500": "apiDocs.status.500",
};

export interface Endpoint {
  method: (typeof HTTP_METHODS)[number];
  path: string;
  operation: Operation;
}

/** Every operation of the document, in its path order. */
function endpoints(doc: OpenApiDocument): Endpoint[] {
  return Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    HTTP_METHODS.flatMap((method) => {
      const operation = item[method];
      if (!operation) return [];
      // Parameters declared on the path apply to each of its operations.
      const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])];
      return [{ method, path, operation: { ...operation, parameters } }];
    }),
  );
}

/** The origin plus the document's first server URL: where the paths are appended. */
function baseUrl(doc: OpenApiDocument) {
  const server = doc.servers?.[0]?.url ?? "";
  const base = /^https?:\/\//.test(server) ? server : `${window.location.origin}${server}`;
  return base.replace(/\/$/, "");
}

/**
 * Documentation tab: renders GET /api/v1/openapi.json, the server's own description of the public API, with the MCP
 * server and the keys' scopes between its overview and its endpoints.
 */
export function DocumentationTab() {
  const { t } = useTranslation();
  const { number } = useFormatters();
  const { data: doc, isLoading, isError } = useQuery(openApiQuery);

  if (isLoading) {
    return (
      <div className="grid gap-4">
        <Skeleton className="h-32 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  if (isError || !doc) {
    return (
      <Card>
        <CardContent>
          <p role="alert" className="text-sm text-destructive">
            {t("apiDocs.loadFailed")}
          </p>
        </CardContent>
      </Card>
    );
  }

  const base = baseUrl(doc);
  const list = endpoints(doc);
  const codes = [...new Set(list.flatMap((e) => Object.keys(e.operation.responses ?? {})))].sort();
  const bearer = Object.values(doc.components?.securitySchemes ?? {}).find((s) => s.type === "http" && s.scheme?.toLowerCase() === "bearer");

  return (
    <div className="grid grid-cols-1 gap-6" data-testid="api-docs">
      <Card>
        <CardHeader>
          <CardTitle className="flex flex-wrap items-center gap-2">
            {doc.info?.title ?? t("apiDocs.title")}
            {doc.info?.version && <Badge variant="secondary">v{doc.info.version}</Badge>}
            {doc.openapi && <Badge variant="outline">OpenAPI {doc.openapi}</Badge>}
          </CardTitle>
          {doc.info?.description && <Prose text={doc.info.description} className="text-sm text-muted-foreground" />}
        </CardHeader>
        <CardContent className="grid gap-6 md:grid-cols-2">
          <InfoBlock icon={<GlobeIcon aria-hidden />} title={t("apiDocs.baseUrl")}>
            <code className="block rounded-md bg-muted px-3 py-2 font-mono text-xs break-all">{base}</code>
          </InfoBlock>

          <InfoBlock icon={<LockKeyholeIcon aria-hidden />} title={t("apiDocs.authentication")}>
            <p className="text-sm text-muted-foreground">{t("apiDocs.authenticationDescription")}</p>
            <code className="block rounded-md bg-muted px-3 py-2 font-mono text-xs break-all">Authorization: Bearer YOUR_API_KEY</code>
            {bearer?.description && <Prose text={bearer.description} className="text-xs text-muted-foreground" />}
          </InfoBlock>

          <InfoBlock icon={<GaugeIcon aria-hidden />} title={t("apiDocs.rateLimits")}>
            <ul className="grid gap-1 text-sm" data-testid="api-rate-limits">
              {RATE_LIMITS.map(({ limit, unit }) => (
                <li key={unit}>{t(`apiDocs.ratePer.${unit}`, { count: limit, formatted: number(limit) })}</li>
              ))}
            </ul>
            <p className="text-xs text-muted-foreground">{t("apiDocs.rateLimitsDescription")}</p>
          </InfoBlock>

          <InfoBlock icon={<ListChecksIcon aria-hidden />} title={t("apiDocs.responseCodes")}>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm" data-testid="api-response-codes">
              {codes.map((code) => (
                <div key={code} className="contents">
                  <dt>
                    <StatusCode code={code} />
                  </dt>
                  <dd className="text-muted-foreground">{STATUS_KEYS[code] ? t(STATUS_KEYS[code]) : firstDescription(list, code)}</dd>
                </div>
              ))}
            </dl>
          </InfoBlock>
        </CardContent>
      </Card>

      <McpDocs />

      <section aria-labelledby="api-endpoints-title" className="grid gap-4">
        <h2 id="api-endpoints-title" className="text-lg font-semibold">
          {t("apiDocs.endpoints")}
        </h2>
        {list.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("apiDocs.noEndpoints")}</p>
        ) : (
          list.map((endpoint) => <EndpointCard key={`${endpoint.method} ${endpoint.path}`} doc={doc} endpoint={endpoint} base={base} />)
        )}
      </section>
    </div>
  );
}

function firstDescription(list: Endpoint[], code: string) {
  return list.map((e) => e.operation.responses?.[code]?.description).find(Boolean) ?? "";
}

function InfoBlock({ icon, title, children }: { icon: React.ReactNode; title: string; children: React.ReactNode }) {
  return (
    <div className="grid content-start gap-2">
      <h3 className="flex items-center gap-2 font-medium [&>svg]:size-4 [&>svg]:text-primary">
        {icon}
        {title}
      </h3>
      {children}
    </div>
  );
}

export function StatusCode({ code }: { code: string }) {
  const n = Number(code);
  return (
    <Badge
      variant="outline"
      className={cn(
        "font-mono tabular-nums",
        n >= 200 && n < 300 && "border-success/50 text-success",
        n >= 400 && n < 500 && "border-warning/60 text-warning-foreground dark:text-warning",
        n >= 500 && "border-destructive/50 text-destructive",
      )}
    >
      {code}
    </Badge>
  );
}
