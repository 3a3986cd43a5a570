import { toast } from "@duecheck/ui/use-toast";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useCurrentUser } from "../auth/use-current-user";
import { answer, api, withSignal } from "../lib/api";

export const EMBED_ORIGINS_QUERY_KEY = ["/api/embed/origins"] as const;

export const embedOriginsQuery = queryOptions({
  queryKey: EMBED_ORIGINS_QUERY_KEY,
  queryFn: ({ signal }) => answer(api.embed.origins.$get({}, withSignal(signal))),
});

/** The signed-in user's allowed origins for embed tokens, oldest first. */
export function useEmbedOrigins() {
  const { user } = useCurrentUser();
  return useQuery({ ...embedOriginsQuery, enabled: !!user, staleTime: 0 });
}

/** Adds an origin; the caller shows a refusal next to its field (the error's server text). */
export function useAddEmbedOrigin() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (origin: string) => answer(api.embed.origins.$post({ json: { origin } })),
    onSuccess: (added) => toast({ title: t("embed.added"), description: t("embed.addedDescription", { origin: added.origin }) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: EMBED_ORIGINS_QUERY_KEY }),
  });
}

export function useRemoveEmbedOrigin() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (origin: string) => answer(api.embed.origins.$delete({ query: { origin } })),
    onSuccess: (_answer, origin) => {
      queryClient.setQueryData(embedOriginsQuery.queryKey, (list) => list?.filter((o) => o.origin !== origin));
      toast({ title: t("embed.removed"), description: t("embed.removedDescription", { origin }) });
    },
    onError: () => toast({ variant: "destructive", title: t("embed.errorTitle"), description: t("embed.removeFailed") }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: EMBED_ORIGINS_QUERY_KEY }),
  });
}
