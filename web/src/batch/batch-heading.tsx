import { Button } from "@duecheck/ui/button";
import { Skeleton } from "@duecheck/ui/skeleton";
import { Link } from "@tanstack/react-router";
import { ArrowLeftIcon } from "lucide-react";
import type * as React from "react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../shell/page-header";

/**
 * The top of a batch's page: the link back to its list, then the batch's name as the page title (a placeholder
 * while it loads) with `children` beside it, or the load failure when it could not be read.
 */
export function BatchHeading({
  back,
  batch,
  description,
  loadFailed,
  children,
}: {
  back: { to: "/batch" | "/admin/batches"; label: string };
  batch: { name: string } | undefined;
  description?: string;
  loadFailed: boolean;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <div>
        <Button variant="ghost" size="sm" asChild className="-ml-2">
          <Link to={back.to}>
            <ArrowLeftIcon aria-hidden />
            {back.label}
          </Link>
        </Button>
      </div>
      {batch ? (
        <PageHeader title={batch.name} description={description}>
          {children}
        </PageHeader>
      ) : (
        <Skeleton className="h-12 w-full" />
      )}
      {loadFailed && !batch && (
        <p role="alert" className="text-sm text-destructive">
          {t("batch.loadFailed")}
        </p>
      )}
    </>
  );
}
