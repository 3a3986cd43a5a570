import { useFormatters } from "@duecheck/react/views/format";
import { Button } from "@duecheck/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@duecheck/ui/card";
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@duecheck/ui/form";
import { Input } from "@duecheck/ui/input";
import { Skeleton } from "@duecheck/ui/skeleton";
import { Spinner } from "@duecheck/ui/spinner";
import { zodResolver } from "@hookform/resolvers/zod";
import { GlobeIcon, PlusIcon, Trash2Icon } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { addEmbedOriginSchema, type EmbedOriginView, MAX_EMBED_ORIGINS, ORIGIN_EXAMPLE } from "../../../lib/embed/schemas.ts";
import { ConfirmDeleteDialog } from "../components/confirm-delete-dialog";
import { serverErrorText } from "../lib/api";
import { useAddEmbedOrigin, useEmbedOrigins, useRemoveEmbedOrigin } from "./use-embed-origins";

/**
 * Allowed origins for embed tokens: add one (checked with the server's schema first, a refusal shown under the field in
 * the interface language), and remove one after asking.
 */
export function EmbedOriginsCard() {
  const { t } = useTranslation();
  const { date } = useFormatters();
  const { data, isLoading, isError } = useEmbedOrigins();
  const add = useAddEmbedOrigin();
  const remove = useRemoveEmbedOrigin();
  const [removing, setRemoving] = useState<EmbedOriginView | null>(null);
  const titleId = useId();
  const origins = data ?? [];
  const form = useForm<z.input<typeof addEmbedOriginSchema>, unknown, z.output<typeof addEmbedOriginSchema>>({
    resolver: zodResolver(addEmbedOriginSchema),
    defaultValues: { origin: "" },
  });

  const submit = form.handleSubmit(({ origin }) =>
    add.mutate(origin, {
      onSuccess: () => form.reset({ origin: "" }),
      // The server's refusal (already allowed, too many) is shown where the schema's would be.
      onError: (error) => form.setError("origin", { message: serverErrorText(error) ?? "embed.addFailed" }),
    }),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle id={titleId}>{t("embed.originsTitle")}</CardTitle>
        <CardDescription>{t("embed.originsDescription", { max: MAX_EMBED_ORIGINS })}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <Form {...form}>
          <form onSubmit={submit} noValidate>
            <FormField
              control={form.control}
              name="origin"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>{t("embed.originLabel")}</FormLabel>
                  <div className="flex flex-col gap-2 sm:flex-row">
                    <FormControl>
                      <Input {...field} placeholder={ORIGIN_EXAMPLE} autoComplete="off" spellCheck={false} maxLength={300} className="font-mono" />
                    </FormControl>
                    <Button type="submit" disabled={add.isPending}>
                      {add.isPending ? <Spinner /> : <PlusIcon aria-hidden />}
                      {t("embed.add")}
                    </Button>
                  </div>
                  <FormDescription className="text-xs">{t("embed.originHint")}</FormDescription>
                  <FormMessage role="alert" data-testid="embed-origin-error" />
                </FormItem>
              )}
            />
          </form>
        </Form>

        {isLoading && <Skeleton className="h-16 w-full" />}
        {isError && (
          <p role="alert" className="text-sm text-destructive">
            {t("embed.loadFailed")}
          </p>
        )}
        {data &&
          (origins.length === 0 ? (
            <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-4 py-8 text-center">
              <GlobeIcon className="size-8 text-muted-foreground" aria-hidden />
              <p className="font-medium">{t("embed.empty")}</p>
              <p className="max-w-md text-sm text-muted-foreground">{t("embed.emptyDescription")}</p>
            </div>
          ) : (
            <ul aria-labelledby={titleId} className="divide-y rounded-md border" data-testid="embed-origins">
              {origins.map((item) => (
                <li key={item.origin} className="flex items-center justify-between gap-3 px-3 py-2" data-testid="embed-origin-row">
                  <div className="grid min-w-0 gap-0.5">
                    <code className="font-mono text-sm break-all">{item.origin}</code>
                    <span className="text-xs text-muted-foreground">
                      {t("embed.addedOn")} <time dateTime={item.createdAt}>{date(item.createdAt)}</time>
                    </span>
                  </div>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="shrink-0 text-muted-foreground hover:text-destructive"
                    aria-label={t("embed.removeLabel", { origin: item.origin })}
                    onClick={() => setRemoving(item)}
                  >
                    <Trash2Icon aria-hidden />
                  </Button>
                </li>
              ))}
            </ul>
          ))}
      </CardContent>

      <ConfirmDeleteDialog
        item={removing}
        title={t("embed.removeTitle")}
        description={(item) => t("embed.removeDescription", { origin: item.origin })}
        confirmLabel={t("embed.remove")}
        onCancel={() => setRemoving(null)}
        onConfirm={(item) => {
          setRemoving(null);
          remove.mutate(item.origin);
        }}
      />
    </Card>
  );
}
