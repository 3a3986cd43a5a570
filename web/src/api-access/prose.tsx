import { cn } from "@duecheck/ui/utils";

/** Text of the OpenAPI document: line breaks kept, `inline code` shown as code (the only Markdown it uses). */
export function Prose({ text, className }: { text: string; className?: string }) {
  const parts = text.split(/(`[^`\n]+`)/g);
  return (
    <p className={cn("whitespace-pre-line break-words", className)}>
      {parts.map((part, index) =>
        part.startsWith("`") && part.endsWith("`") && part.length > 2 ? (
          <code key={index} className="rounded bg-muted px-1 py-0.5 font-mono text-[0.85em]">
            {part.slice(1, -1)}
          </code>
        ) : (
          part
        ),
      )}
    </p>
  );
}
