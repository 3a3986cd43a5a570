import { Button } from "@duecheck/ui/button";
import { Input } from "@duecheck/ui/input";
import { Label } from "@duecheck/ui/label";
import { XIcon } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { caseListFilterSchema } from "../../../lib/cases/contract.ts";
import type { CaseListSearch } from "./case-search";
import { SELECT_CLASS } from "./cases-page";

/** The ages offered, in days; one given in the address that is not among them is offered too. */
const AGES = [1, 7, 30, 90];

/**
 * The list's tag and age filters, in the address (?tag=pep,urgent&olderThan=7) like the others, so a reload keeps them.
 * The tags are applied when the box is submitted (Enter or Apply), not at every key, and checked with the server's
 * rule first: a tag it would refuse is said here.
 */
export function CaseTagAgeFilters({ value, onChange }: { value: CaseListSearch; onChange: (next: CaseListSearch) => void }) {
  const { t } = useTranslation();
  const tagId = useId();
  const ageId = useId();
  const [tags, setTags] = useState(value.tag ?? "");
  const [invalid, setInvalid] = useState(false);
  // Another view, the back button or a reload: the box shows the address's tags.
  useEffect(() => {
    setTags(value.tag ?? "");
    setInvalid(false);
  }, [value.tag]);

  const apply = (text: string) => {
    if (text.trim() === "") return onChange({ ...value, tag: undefined });
    const parsed = caseListFilterSchema.shape.tag.safeParse(
      text
        .split(",")
        .map((x) => x.trim())
        .filter(Boolean)
        .join(","),
    );
    setInvalid(!parsed.success);
    if (parsed.success && parsed.data) onChange({ ...value, tag: parsed.data.join(",") });
  };
  const ages = value.olderThan && !AGES.includes(value.olderThan) ? [...AGES, value.olderThan].sort((a, b) => a - b) : AGES;

  return (
    <div className="grid gap-3 sm:grid-cols-3" data-testid="case-tag-age-filters">
      <form
        className="grid gap-1.5 sm:col-span-2"
        onSubmit={(event) => {
          event.preventDefault();
          apply(tags);
        }}
      >
        <Label htmlFor={tagId}>{t("cases.filters.tag")}</Label>
        <div className="flex gap-2">
          <Input
            id={tagId}
            value={tags}
            onChange={(event) => setTags(event.target.value)}
            placeholder={t("cases.filters.tagPlaceholder")}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? `${tagId}-error` : undefined}
            autoComplete="off"
            maxLength={400}
          />
          <Button type="submit" variant="outline">
            {t("cases.filters.apply")}
          </Button>
          {value.tag && (
            <Button type="button" variant="ghost" size="icon" aria-label={t("cases.filters.clearTags")} onClick={() => apply("")}>
              <XIcon aria-hidden />
            </Button>
          )}
        </div>
        {invalid && (
          <p id={`${tagId}-error`} role="alert" className="text-sm text-destructive">
            {t("cases.tags.invalid")}
          </p>
        )}
      </form>
      <div className="grid gap-1.5">
        <Label htmlFor={ageId}>{t("cases.filters.age")}</Label>
        <select
          id={ageId}
          value={value.olderThan ?? ""}
          onChange={(event) => onChange({ ...value, olderThan: event.target.value === "" ? undefined : Number(event.target.value) })}
          className={SELECT_CLASS}
        >
          <option value="">{t("cases.filters.any")}</option>
          {ages.map((days) => (
            <option key={days} value={days}>
              {t("cases.filters.olderThan", { count: days })}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
