/**
 * An audit entry's details as a reader wants them: a change's before and after states (details.before and
 * details.after, as the functions that make a change write them) become one line per field that changed, "field:
 * before → after", the old value struck through (<del>) and the new one marked (<ins>), instead of two JSON blobs
 * to compare by eye. A state that did not exist (before: null, a created note) shows only its after values. The
 * other fields stay one per line, long values wrapped rather than cut.
 */

type Fields = Record<string, unknown>;

const isFields = (value: unknown): value is Fields => typeof value === "object" && value !== null && !Array.isArray(value);

/** A value in words: text as it is, nothing as "—", a list of plain values joined, anything else as compact JSON. */
export function readableValue(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value) && value.every((v) => v === null || ["string", "number", "boolean"].includes(typeof v))) return value.map(readableValue).join(", ");
  return JSON.stringify(value);
}

/** The fields whose value differs between the two states, in the order they first appear. */
export function changedFields(before: unknown, after: unknown): { field: string; before: unknown; after: unknown; created: boolean }[] {
  const from = isFields(before) ? before : {};
  const to = isFields(after) ? after : {};
  const created = !isFields(before);
  const keys = [...new Set([...Object.keys(from), ...Object.keys(to)])];
  return keys
    .filter((key) => JSON.stringify(from[key] ?? null) !== JSON.stringify(to[key] ?? null))
    .map((key) => ({ field: key, before: from[key], after: to[key], created }));
}

export function AuditDetails({ details }: { details: unknown }) {
  if (details === null || details === undefined) return null;
  if (!isFields(details)) return <p className="text-xs wrap-anywhere whitespace-pre-wrap">{readableValue(details)}</p>;
  const hasChange = "before" in details && "after" in details && (isFields(details.before) || isFields(details.after));
  const changes = hasChange ? changedFields(details.before, details.after) : [];
  const others = Object.entries(details).filter(([key]) => !hasChange || (key !== "before" && key !== "after"));
  return (
    <dl className="grid gap-0.5 text-xs">
      {changes.map((change) => (
        <div key={`change-${change.field}`} className="wrap-anywhere whitespace-pre-wrap" data-testid="audit-change">
          <dt className="inline font-medium">{change.field}: </dt>
          <dd className="inline">
            {!change.created && (
              <>
                <del className="text-muted-foreground">{readableValue(change.before)}</del>
                <span aria-hidden> → </span>
              </>
            )}
            <ins className="font-medium no-underline">{readableValue(change.after)}</ins>
          </dd>
        </div>
      ))}
      {others.map(([key, value]) => (
        <div key={key} className="wrap-anywhere whitespace-pre-wrap">
          <dt className="inline font-medium">{key}: </dt>
          <dd className="inline">{readableValue(value)}</dd>
        </div>
      ))}
    </dl>
  );
}
