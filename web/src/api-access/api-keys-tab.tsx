import { Button } from "@duecheck/ui/button";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "@duecheck/ui/card";
import { Skeleton } from "@duecheck/ui/skeleton";
import { KeyRoundIcon, PlusIcon } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ApiKeyListItem } from "../../../lib/auth/api-key-schema.ts";
import { ConfirmDeleteDialog } from "../components/confirm-delete-dialog";
import { CreateKeyDialog } from "./create-key-dialog";
import { KeyTable } from "./key-table";
import { RotateKeyDialog } from "./rotate-key-dialog";
import { useApiKeys, useDeleteApiKey } from "./use-api-keys";

/**
 * API Keys tab: the keys (key-table.tsx), create, rotate and delete.
 */
export function ApiKeysTab() {
  const { t } = useTranslation();
  const { data, isLoading, isError } = useApiKeys();
  const [creating, setCreating] = useState(false);
  const [rotating, setRotating] = useState<ApiKeyListItem | null>(null);
  const [deleting, setDeleting] = useState<ApiKeyListItem | null>(null);
  const remove = useDeleteApiKey();
  const titleId = useId();
  const keys = data ?? [];

  return (
    <Card>
      <CardHeader>
        <CardTitle id={titleId}>{t("apiAccess.keysTitle")}</CardTitle>
        <CardDescription>{t("apiAccess.keysDescription")}</CardDescription>
        {keys.length > 0 && (
          <CardAction>
            <Button onClick={() => setCreating(true)}>
              <PlusIcon aria-hidden />
              <span className="hidden sm:inline">{t("apiAccess.createKey")}</span>
              <span className="sr-only sm:hidden">{t("apiAccess.createKey")}</span>
            </Button>
          </CardAction>
        )}
      </CardHeader>
      <CardContent>
        {isLoading && (
          <div className="grid gap-2">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        )}
        {isError && (
          <p role="alert" className="text-sm text-destructive">
            {t("apiAccess.loadFailed")}
          </p>
        )}
        {data &&
          (keys.length === 0 ? (
            <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed px-4 py-12 text-center">
              <KeyRoundIcon className="size-10 text-muted-foreground" aria-hidden />
              <p className="font-medium">{t("apiAccess.empty")}</p>
              <p className="max-w-md text-sm text-muted-foreground">{t("apiAccess.emptyDescription")}</p>
              <Button onClick={() => setCreating(true)}>
                <PlusIcon aria-hidden />
                {t("apiAccess.generateFirst")}
              </Button>
            </div>
          ) : (
            <KeyTable keys={keys} labelledBy={titleId} onRotate={setRotating} onDelete={setDeleting} />
          ))}
      </CardContent>

      <CreateKeyDialog open={creating} onOpenChange={setCreating} />
      <RotateKeyDialog apiKey={rotating} onClose={() => setRotating(null)} />

      <ConfirmDeleteDialog
        item={deleting}
        title={t("apiAccess.deleteTitle")}
        description={(key) => t("apiAccess.deleteDescription", { name: key.name })}
        confirmLabel={t("apiAccess.delete")}
        onCancel={() => setDeleting(null)}
        onConfirm={(key) => remove.mutate(key.id)}
      />
    </Card>
  );
}
