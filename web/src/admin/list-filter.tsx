import { Input } from "@duecheck/ui/input";
import { SearchIcon } from "lucide-react";
import { useId } from "react";

/** The text filter above an admin list: a search box with a magnifier, named for screen readers by `label`. */
export function ListFilter({ label, placeholder, value, onChange }: { label: string; placeholder: string; value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="relative max-w-md">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <SearchIcon className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
      <Input id={id} type="search" value={value} onChange={(event) => onChange(event.target.value)} placeholder={placeholder} className="pl-8" />
    </div>
  );
}
