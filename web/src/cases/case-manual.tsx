import { DuecheckError } from "@duecheck/react/api/errors";
import { useFormatters } from "@duecheck/react/views/format";
import { Alert, AlertDescription, AlertTitle } from "@duecheck/ui/alert";
import { Badge } from "@duecheck/ui/badge";
import { Button } from "@duecheck/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@duecheck/ui/card";
import { Input } from "@duecheck/ui/input";
import { Label } from "@duecheck/ui/label";
import { Spinner } from "@duecheck/ui/spinner";
import { Link } from "@tanstack/react-router";
import { AlertCircleIcon, PlusIcon, XIcon } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { canDecide } from "../../../lib/auth/roles.ts";
import { type CaseView, MAX_CASE_TAGS, tagSchema } from "../../../lib/cases/contract.ts";
import { useCurrentUser } from "../auth/use-current-user";
import { serverErrorText } from "../lib/api";
import { useAddCaseSearch, useSetCaseTags, useSubjectSearches } from "./case-manual-queries";

/** A refusal in the server's words; one about another case (the case a search is in) links to it. */
function Refused({ error, testId }: { error: unknown; testId: string }) {
  const { t } = useTranslation();
  const other = error instanceof DuecheckError && typeof error.body.caseId === "string" ? error.body.caseId : null;
  return (
    <Alert variant="destructive" data-testid={testId}>
      <AlertCircleIcon aria-hidden />
      <AlertTitle>{t("cases.actions.failed")}</AlertTitle>
      <AlertDescription className="break-words">
        {other ? (
          <span>
            {t("cases.addSearch.inOtherCase")}{" "}
            <Link to="/cases/$caseId" params={{ caseId: other }} className="font-medium underline">
              {t("cases.addSearch.openOther")}
            </Link>
          </span>
        ) : (
          t(serverErrorText(error) ?? "cases.actions.failed")
        )}
      </AlertDescription>
    </Alert>
  );
}

/**
 * The case's tags, and for those who may change the case, a box to add one (Enter) and a button to remove each. Every
 * change sends the whole list with the version read: a list changed meanwhile by someone else is refused (409).
 */
export function CaseTags({ item }: { item: CaseView }) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const id = useId();
  const [text, setText] = useState("");
  const [invalid, setInvalid] = useState(false);
  const setTags = useSetCaseTags(item.id, () => setText(""));
  const edits = !!user && canDecide(user);

  const add = () => {
    const parsed = tagSchema.safeParse(text);
    setInvalid(!parsed.success);
    if (!parsed.success) return;
    if (!item.tags.includes(parsed.data)) setTags.mutate({ tags: [...item.tags, parsed.data], version: item.version });
    else setText("");
  };

  return (
    <Card data-testid="case-tags">
      <CardHeader>
        <CardTitle>
          <h2>{t("cases.tags.title")}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {setTags.isError && <Refused error={setTags.error} testId="case-tags-error" />}
        {item.tags.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("cases.tags.none")}</p>
        ) : (
          <ul className="flex flex-wrap gap-2" aria-label={t("cases.tags.title")}>
            {item.tags.map((tag) => (
              <li key={tag}>
                <Badge variant="secondary" className="gap-1 text-sm" data-testid="case-tag">
                  {tag}
                  {edits && (
                    <button
                      type="button"
                      className="rounded-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
                      aria-label={t("cases.tags.remove", { tag })}
                      disabled={setTags.isPending}
                      onClick={() => setTags.mutate({ tags: item.tags.filter((x) => x !== tag), version: item.version })}
                    >
                      <XIcon aria-hidden className="size-3.5" />
                    </button>
                  )}
                </Badge>
              </li>
            ))}
          </ul>
        )}
        {edits && item.tags.length < MAX_CASE_TAGS && (
          <form
            className="grid gap-1.5 sm:max-w-md"
            onSubmit={(event) => {
              event.preventDefault();
              add();
            }}
          >
            <Label htmlFor={id}>{t("cases.tags.add")}</Label>
            <div className="flex gap-2">
              <Input
                id={id}
                value={text}
                onChange={(event) => setText(event.target.value)}
                placeholder={t("cases.tags.placeholder")}
                maxLength={40}
                autoComplete="off"
                aria-invalid={invalid || undefined}
                aria-describedby={invalid ? `${id}-error` : undefined}
              />
              <Button type="submit" variant="outline" disabled={setTags.isPending || text.trim() === ""}>
                {setTags.isPending ? <Spinner /> : <PlusIcon aria-hidden />}
                {t("cases.tags.addButton")}
              </Button>
            </div>
            {invalid && (
              <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
                {t("cases.tags.invalid")}
              </p>
            )}
          </form>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * "Add a search": the team's latest searches of the subject's name and type that finished and are not in this case,
 * each added with one button, or any search of the organisation by its id. A closed case takes none (the server says
 * so too), and auditors change nothing: neither is offered it.
 */
export function AddCaseSearch({ item }: { item: CaseView }) {
  const { t } = useTranslation();
  const { dateTime } = useFormatters();
  const { user } = useCurrentUser();
  const id = useId();
  const [searchId, setSearchId] = useState("");
  const add = useAddCaseSearch(item.id, () => setSearchId(""));
  const offered = !!user && canDecide(user) && item.status !== "closed";
  const candidates = useSubjectSearches(item.subject.name, offered);
  if (!offered) return null;

  const inCase = new Set(item.searches.map((s) => s.id));
  const choices = (candidates.data?.items ?? []).filter(
    (s) => !inCase.has(s.id) && s.entityType === item.subject.entityType && (s.status === "completed" || s.status === "failed"),
  );

  return (
    <Card data-testid="case-add-search">
      <CardHeader>
        <CardTitle>
          <h2>{t("cases.addSearch.title")}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {add.isError && <Refused error={add.error} testId="case-add-search-error" />}
        {candidates.isSuccess && choices.length === 0 && <p className="text-sm text-muted-foreground">{t("cases.addSearch.none")}</p>}
        {choices.length > 0 && (
          <ul className="grid gap-2" aria-label={t("cases.addSearch.recent")}>
            {choices.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3 text-sm" data-testid="case-search-candidate">
                <div className="grid min-w-0 gap-0.5">
                  <span className="font-medium wrap-anywhere">{s.searchTerm}</span>
                  <span className="text-xs text-muted-foreground">
                    <time dateTime={String(s.createdAt)}>{dateTime(String(s.createdAt))}</time>
                    {s.searchedBy ? ` · ${s.searchedBy}` : ""}
                  </span>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={add.isPending}
                  onClick={() => add.mutate(s.id)}
                  aria-label={t("cases.addSearch.addLabel", { term: s.searchTerm, date: dateTime(String(s.createdAt)) })}
                >
                  <PlusIcon aria-hidden />
                  {t("cases.addSearch.add")}
                </Button>
              </li>
            ))}
          </ul>
        )}
        <form
          className="grid gap-1.5 sm:max-w-md"
          onSubmit={(event) => {
            event.preventDefault();
            if (searchId.trim()) add.mutate(searchId.trim());
          }}
        >
          <Label htmlFor={id}>{t("cases.addSearch.byId")}</Label>
          <div className="flex gap-2">
            <Input id={id} value={searchId} onChange={(event) => setSearchId(event.target.value)} autoComplete="off" maxLength={100} spellCheck={false} />
            <Button type="submit" variant="outline" disabled={add.isPending || searchId.trim() === ""}>
              {add.isPending && <Spinner />}
              {t("cases.addSearch.add")}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
