import { Badge } from "@duecheck/ui/badge";
import { Card, CardContent, CardHeader } from "@duecheck/ui/card";
import { cn } from "@duecheck/ui/utils";
import { ChevronRightIcon } from "lucide-react";
import type * as React from "react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { Endpoint } from "./documentation-tab";
import { STATUS_KEYS, StatusCode } from "./documentation-tab";
import {
  arrayItems,
  constraints,
  exampleFor,
  type JsonSchema,
  type MediaType,
  type OpenApiDocument,
  objectShape,
  type Parameter,
  type ResponseObject,
  resolveRef,
  typeLabel,
} from "./openapi";
import { Prose } from "./prose";

const METHOD_STYLES: Record<string, string> = {
  get: "bg-primary/10 text-primary border-primary/30",
  post: "bg-success/10 text-success border-success/40",
  put: "bg-warning/15 text-warning-foreground border-warning/50 dark:text-warning",
  patch: "bg-warning/15 text-warning-foreground border-warning/50 dark:text-warning",
  delete: "bg-destructive/10 text-destructive border-destructive/40",
};

/** One operation: method, path, summary, parameters, request body, responses and a curl example. */
export function EndpointCard({ doc, endpoint, base }: { doc: OpenApiDocument; endpoint: Endpoint; base: string }) {
  const { t } = useTranslation();
  const titleId = useId();
  const { method, path, operation } = endpoint;
  const parameters = (operation.parameters ?? []).map((p) => resolveRef<Parameter>(doc, p)).filter((p): p is Parameter => !!p);
  const body = operation.requestBody ? resolveRef(doc, operation.requestBody) : undefined;
  const responses = Object.entries(operation.responses ?? {})
    .map(([code, response]) => [code, resolveRef<ResponseObject>(doc, response)] as const)
    .filter((entry): entry is readonly [string, ResponseObject] => !!entry[1]);

  return (
    <Card role="article" aria-labelledby={titleId} className="gap-4" data-testid="api-endpoint" data-method={method} data-path={path}>
      <CardHeader className="gap-2">
        <h3 id={titleId} className="flex flex-wrap items-center gap-2">
          <span className={cn("rounded-md border px-2 py-0.5 font-mono text-xs font-bold uppercase", METHOD_STYLES[method])}>{method}</span>
          <code className="font-mono text-sm font-semibold break-all">{path}</code>
        </h3>
        {operation.summary && <p className="font-medium">{operation.summary}</p>}
        {operation.description && <Prose text={operation.description} className="text-sm text-muted-foreground" />}
      </CardHeader>
      <CardContent className="grid gap-5">
        {parameters.length > 0 && (
          <Section title={t("apiDocs.parameters")}>
            <ParameterTable doc={doc} parameters={parameters} />
          </Section>
        )}

        {body?.content && (
          <Section title={t("apiDocs.requestBody")}>
            {body.description && <Prose text={body.description} className="text-sm text-muted-foreground" />}
            {Object.entries(body.content).map(([contentType, media]) => (
              <div key={contentType} className="grid gap-2">
                <Badge variant="secondary" className="font-mono">
                  {contentType}
                </Badge>
                <SchemaBlock doc={doc} schema={media.schema} />
              </div>
            ))}
          </Section>
        )}

        {responses.length > 0 && (
          <Section title={t("apiDocs.responses")}>
            <ul className="grid gap-2">
              {responses.map(([code, response]) => (
                <ResponseItem key={code} doc={doc} code={code} response={response} />
              ))}
            </ul>
          </Section>
        )}

        <Section title={t("apiDocs.example")}>
          <pre className="overflow-x-auto rounded-md bg-muted p-3 font-mono text-xs leading-relaxed">
            <code>{curlExample(doc, endpoint, base, body?.content)}</code>
          </pre>
        </Section>
      </CardContent>
    </Card>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="grid gap-2">
      <h4 className="text-sm font-semibold text-muted-foreground">{title}</h4>
      {children}
    </section>
  );
}

function ParameterTable({ doc, parameters }: { doc: OpenApiDocument; parameters: Parameter[] }) {
  const { t } = useTranslation();
  return (
    <div className="overflow-x-auto rounded-md border">
      <table className="w-full text-sm">
        <thead className="bg-muted/50 text-left text-muted-foreground">
          <tr className="border-b">
            <th scope="col" className="h-9 px-3 font-medium">
              {t("apiDocs.columnName")}
            </th>
            <th scope="col" className="h-9 px-3 font-medium">
              {t("apiDocs.columnIn")}
            </th>
            <th scope="col" className="h-9 px-3 font-medium">
              {t("apiDocs.columnType")}
            </th>
            <th scope="col" className="h-9 px-3 font-medium">
              {t("apiDocs.columnDescription")}
            </th>
          </tr>
        </thead>
        <tbody>
          {parameters.map((p) => (
            <tr key={`${p.in}-${p.name}`} className="border-b last:border-0 align-top">
              <td className="px-3 py-2">
                <code className="font-mono text-xs font-semibold">{p.name}</code>
                {p.required && <RequiredMark />}
              </td>
              <td className="px-3 py-2 text-muted-foreground">{p.in}</td>
              <td className="px-3 py-2">
                <span className="font-mono text-xs whitespace-nowrap">{typeLabel(doc, p.schema)}</span>
                {[
                  ...constraints(p.schema),
                  ...(p.schema?.default !== undefined ? [t("apiDocs.default", { value: JSON.stringify(p.schema.default) })] : []),
                ].map((note) => (
                  <span key={note} className="block text-xs text-muted-foreground">
                    {note}
                  </span>
                ))}
              </td>
              <td className="px-3 py-2 text-muted-foreground">
                {(p.description ?? p.schema?.description) && <Prose text={(p.description ?? p.schema?.description)!} />}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RequiredMark() {
  const { t } = useTranslation();
  return (
    <Badge variant="outline" className="ml-1.5 border-destructive/40 px-1 py-0 text-[10px] text-destructive">
      {t("apiDocs.required")}
    </Badge>
  );
}

function ResponseItem({ doc, code, response }: { doc: OpenApiDocument; code: string; response: ResponseObject }) {
  const { t } = useTranslation();
  const content = Object.entries(response.content ?? {});
  const headers = Object.entries(response.headers ?? {});
  const hasDetails = content.some(([, m]) => m.schema) || headers.length > 0;
  const summary = (
    <span className="flex flex-wrap items-center gap-2 text-sm">
      <StatusCode code={code} />
      <span>{response.description || (STATUS_KEYS[code] ? t(STATUS_KEYS[code]) : "")}</span>
    </span>
  );
  if (!hasDetails) return <li className="rounded-md border px-3 py-2">{summary}</li>;
  return (
    <li className="rounded-md border">
      <details className="group">
        <summary className="flex cursor-pointer list-none items-center gap-2 px-3 py-2 [&::-webkit-details-marker]:hidden">
          <ChevronRightIcon className="size-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-90" aria-hidden />
          {summary}
        </summary>
        <div className="grid gap-3 border-t px-3 py-3">
          {headers.length > 0 && (
            <div className="grid gap-1">
              <p className="text-xs font-medium text-muted-foreground">{t("apiDocs.headers")}</p>
              <ul className="grid gap-1 text-sm">
                {headers.map(([name, header]) => (
                  <li key={name}>
                    <code className="font-mono text-xs font-semibold">{name}</code>
                    {header.description && <span className="text-muted-foreground"> — {header.description}</span>}
                  </li>
                ))}
              </ul>
            </div>
          )}
          {content.map(([contentType, media]) => (
            <div key={contentType} className="grid gap-2">
              <Badge variant="secondary" className="font-mono">
                {contentType}
              </Badge>
              <SchemaBlock doc={doc} schema={media.schema} />
            </div>
          ))}
        </div>
      </details>
    </li>
  );
}

/** A schema as a field list; a scalar or an array of scalars as its type. */
function SchemaBlock({ doc, schema }: { doc: OpenApiDocument; schema: JsonSchema | undefined }) {
  if (!schema) return null;
  const shape = objectShape(doc, schema);
  if (shape?.properties) return <SchemaFields doc={doc} shape={shape} depth={0} />;
  const items = arrayItems(doc, schema);
  const itemShape = objectShape(doc, items);
  return (
    <div className="grid gap-2">
      <code className="font-mono text-xs">{typeLabel(doc, schema)}</code>
      {itemShape?.properties && <SchemaFields doc={doc} shape={itemShape} depth={1} />}
    </div>
  );
}

const MAX_DEPTH = 4;

function SchemaFields({ doc, shape, depth }: { doc: OpenApiDocument; shape: JsonSchema; depth: number }) {
  const { t } = useTranslation();
  const required = new Set(shape.required ?? []);
  return (
    <ul className={cn("grid gap-2 text-sm", depth > 0 && "border-l pl-3")}>
      {Object.entries(shape.properties ?? {}).map(([name, raw]) => {
        const prop = (raw.$ref ? resolveRef(doc, raw) : raw) ?? raw;
        const nested = depth < MAX_DEPTH ? (objectShape(doc, raw) ?? objectShape(doc, arrayItems(doc, raw))) : undefined;
        const enumValues = prop.enum ?? (prop.oneOf ?? prop.anyOf)?.flatMap((v) => v.enum ?? (v.const !== undefined ? [v.const] : []));
        const notes = constraints(prop);
        return (
          <li key={name} className="grid gap-1">
            <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
              <code className="font-mono text-xs font-semibold">{name}</code>
              <span className="font-mono text-xs text-muted-foreground">{typeLabel(doc, raw)}</span>
              {required.has(name) && <RequiredMark />}
              {notes.map((note) => (
                <span key={note} className="text-xs text-muted-foreground">
                  {note}
                </span>
              ))}
              {prop.default !== undefined && (
                <span className="text-xs text-muted-foreground">{t("apiDocs.default", { value: JSON.stringify(prop.default) })}</span>
              )}
            </div>
            {(prop.description ?? raw.description) && <Prose text={(prop.description ?? raw.description)!} className="text-muted-foreground" />}
            {enumValues && enumValues.length > 0 && (
              <div className="flex flex-wrap items-center gap-1 text-xs">
                <span className="text-muted-foreground">{t("apiDocs.oneOf")}</span>
                {enumValues.map((value) => (
                  <code key={String(value)} className="rounded bg-muted px-1 font-mono">
                    {JSON.stringify(value)}
                  </code>
                ))}
              </div>
            )}
            {nested?.properties && <SchemaFields doc={doc} shape={nested} depth={depth + 1} />}
          </li>
        );
      })}
    </ul>
  );
}

function curlExample(doc: OpenApiDocument, { method, path }: Endpoint, base: string, content: Record<string, MediaType> | undefined) {
  const lines = [`curl -X ${method.toUpperCase()} "${base}${path}"`, `  -H "Authorization: Bearer YOUR_API_KEY"`];
  if (content?.["application/json"]) {
    const media = content["application/json"];
    const example = media.example ?? Object.values(media.examples ?? {})[0]?.value ?? exampleFor(doc, media.schema);
    lines.push(`  -H "Content-Type: application/json"`);
    lines.push(`  -d '${JSON.stringify(example ?? {})}'`);
  } else if (content?.["multipart/form-data"]) {
    const shape = objectShape(doc, content["multipart/form-data"].schema);
    const field = Object.keys(shape?.properties ?? { file: {} })[0] ?? "file";
    lines.push(`  -F "${field}=@entities.csv"`);
  }
  return lines.join(" \\\n");
}
