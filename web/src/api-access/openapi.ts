/** The parts of an OpenAPI 3.1 document the Documentation tab reads. Everything is optional: render what is there. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  title?: string;
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  additionalProperties?: boolean | JsonSchema;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  default?: unknown;
  example?: unknown;
  examples?: unknown[];
  nullable?: boolean;
  contentMediaType?: string;
}

export interface MediaType {
  schema?: JsonSchema;
  example?: unknown;
  examples?: Record<string, { summary?: string; value?: unknown }>;
}

export interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
  $ref?: string;
}

export interface ResponseObject {
  description?: string;
  headers?: Record<string, { description?: string; schema?: JsonSchema }>;
  content?: Record<string, MediaType>;
  $ref?: string;
}

export interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { description?: string; required?: boolean; content?: Record<string, MediaType>; $ref?: string };
  responses?: Record<string, ResponseObject>;
  security?: Record<string, string[]>[];
  [extension: `x-${string}`]: unknown;
}

export type PathItem = Partial<Record<HttpMethod, Operation>> & { parameters?: Parameter[]; summary?: string; description?: string };

export const HTTP_METHODS = ["get", "post", "put", "patch", "delete"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export interface SecurityScheme {
  type?: string;
  scheme?: string;
  bearerFormat?: string;
  description?: string;
  name?: string;
  in?: string;
}

export interface OpenApiDocument {
  openapi?: string;
  info?: { title?: string; version?: string; description?: string; [extension: `x-${string}`]: unknown };
  servers?: { url: string; description?: string }[];
  paths?: Record<string, PathItem>;
  components?: {
    schemas?: Record<string, JsonSchema>;
    securitySchemes?: Record<string, SecurityScheme>;
    responses?: Record<string, ResponseObject>;
    parameters?: Record<string, Parameter>;
    requestBodies?: Record<string, Operation["requestBody"]>;
  };
  security?: Record<string, string[]>[];
  [extension: `x-${string}`]: unknown;
}

/** Follows a local "#/components/..." reference; unknown references resolve to undefined. */
export function resolveRef<T>(doc: OpenApiDocument, value: T & { $ref?: string }, seen = new Set<string>()): T | undefined {
  if (!value || typeof value !== "object" || !value.$ref) return value;
  const ref = value.$ref;
  if (seen.has(ref) || !ref.startsWith("#/")) return undefined;
  seen.add(ref);
  let node: unknown = doc;
  for (const part of ref.slice(2).split("/")) {
    const key = part.replace(/~1/g, "/").replace(/~0/g, "~");
    node = node && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined;
  }
  return node ? resolveRef(doc, node as T & { $ref?: string }, seen) : undefined;
}

/** The name a reference points at: "#/components/schemas/SearchResult" is "SearchResult". */
export function refName(ref: string | undefined) {
  return ref ? decodeURIComponent(ref.split("/").pop() ?? ref) : undefined;
}

/** A short type label: "string", "integer | null", "array<Article>", "SearchResult". */
export function typeLabel(doc: OpenApiDocument, schema: JsonSchema | undefined, depth = 0): string {
  if (!schema) return "any";
  if (schema.$ref) return refName(schema.$ref) ?? "object";
  if (depth > 3) return "…";
  const variants = schema.oneOf ?? schema.anyOf;
  if (variants) return variants.map((v) => typeLabel(doc, v, depth + 1)).join(" | ");
  if (schema.allOf) return schema.allOf.map((v) => typeLabel(doc, v, depth + 1)).join(" & ");
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : schema.properties ? ["object"] : [];
  const labels = types.map((type) => {
    if (type === "array") return `array<${typeLabel(doc, schema.items, depth + 1)}>`;
    if (type === "string" && schema.format) return `string (${schema.format})`;
    return type;
  });
  if (schema.nullable) labels.push("null");
  return labels.length > 0 ? labels.join(" | ") : "any";
}

/** The object schema to list fields of, through references, allOf and array items; undefined for scalars. */
export function objectShape(doc: OpenApiDocument, schema: JsonSchema | undefined, seen = new Set<string>()): JsonSchema | undefined {
  if (!schema) return undefined;
  if (schema.$ref) {
    if (seen.has(schema.$ref)) return undefined;
    seen.add(schema.$ref);
    return objectShape(doc, resolveRef(doc, schema), seen);
  }
  if (schema.allOf) {
    const parts = schema.allOf.map((part) => objectShape(doc, part, seen)).filter((p): p is JsonSchema => !!p);
    if (parts.length === 0) return undefined;
    return {
      type: "object",
      properties: Object.assign({}, ...parts.map((p) => p.properties ?? {})),
      required: parts.flatMap((p) => p.required ?? []),
    };
  }
  if (schema.properties) return schema;
  const variants = schema.oneOf ?? schema.anyOf;
  if (variants) {
    // "X or null": list X's fields.
    const nonNull = variants.filter((v) => v.type !== "null");
    if (nonNull.length === 1) return objectShape(doc, nonNull[0], seen);
  }
  return undefined;
}

/** The fields of a schema's array items, when it is an array of objects. */
export function arrayItems(doc: OpenApiDocument, schema: JsonSchema | undefined): JsonSchema | undefined {
  const resolved = schema?.$ref ? resolveRef(doc, schema) : schema;
  if (!resolved) return undefined;
  const types = Array.isArray(resolved.type) ? resolved.type : [resolved.type];
  return types.includes("array") ? resolved.items : undefined;
}

/** Constraints worth showing next to a field: "1–200 characters", "≥ 1", "default: 10". */
export function constraints(schema: JsonSchema | undefined): string[] {
  if (!schema) return [];
  const out: string[] = [];
  if (schema.minLength !== undefined || schema.maxLength !== undefined) out.push(`length ${range(schema.minLength, schema.maxLength)}`);
  // zod's int() writes the safe-integer range as bounds: nothing a reader needs to know.
  const bound = (value: number | undefined) => (value === undefined || Math.abs(value) >= Number.MAX_SAFE_INTEGER ? undefined : value);
  const min = bound(schema.minimum ?? schema.exclusiveMinimum);
  const max = bound(schema.maximum ?? schema.exclusiveMaximum);
  if (min !== undefined || max !== undefined) out.push(range(min, max));
  if (schema.minItems !== undefined || schema.maxItems !== undefined) out.push(`items ${range(schema.minItems, schema.maxItems)}`);
  // A format (uuid, date-time) already says what a generated pattern spells out.
  if (schema.pattern && !schema.format) out.push(`pattern ${schema.pattern}`);
  return out;
}

function range(min: number | undefined, max: number | undefined) {
  if (min !== undefined && max !== undefined) return `${min}–${max}`;
  if (min !== undefined) return `≥ ${min}`;
  return `≤ ${max}`;
}

/** An example body for a schema, from its examples, else made up from its types (for the curl sample). */
export function exampleFor(doc: OpenApiDocument, schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 4) return undefined;
  if (schema.$ref) return exampleFor(doc, resolveRef(doc, schema), depth + 1);
  if (schema.example !== undefined) return schema.example;
  if (schema.examples?.length) return schema.examples[0];
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const variants = schema.oneOf ?? schema.anyOf;
  if (variants?.length) return exampleFor(doc, variants.find((v) => v.type !== "null") ?? variants[0], depth + 1);
  const shape = objectShape(doc, schema);
  if (shape?.properties) {
    const required = new Set(shape.required ?? []);
    return Object.fromEntries(
      Object.entries(shape.properties)
        .filter(([name]) => required.size === 0 || required.has(name))
        .map(([name, prop]) => [name, exampleFor(doc, prop, depth + 1)]),
    );
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  switch (type) {
    case "string":
      return schema.format === "uuid" ? "00000000-0000-0000-0000-000000000000" : "string";
    case "integer":
    case "number":
      return schema.minimum ?? 0;
    case "boolean":
      return true;
    case "array":
      return [exampleFor(doc, schema.items, depth + 1)].filter((x) => x !== undefined);
    default:
      return undefined;
  }
}
