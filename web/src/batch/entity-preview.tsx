import { useFormatters } from "@duecheck/react/views/format";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@duecheck/ui/table";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { CreateSearchFields } from "../../../lib/screening/schemas.ts";

/** Rows shown before 'And N more...'. */
export const PREVIEW_ROWS = 10;

/** The first 10 entities of the file as they will be screened (defaults applied), then how many more follow. */
export function EntityPreview({ entities, fileName }: { entities: CreateSearchFields[]; fileName: string }) {
  const { t } = useTranslation();
  const { number } = useFormatters();
  const titleId = useId();
  const more = entities.length - PREVIEW_ROWS;
  return (
    <section className="grid gap-2" aria-labelledby={titleId} data-testid="batch-preview">
      <h3 id={titleId} className="text-sm font-medium">
        {t("batch.previewTitle", { count: entities.length, n: number(entities.length), file: fileName })}
      </h3>
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead scope="col">{t("batch.column.term")}</TableHead>
            <TableHead scope="col">{t("batch.column.type")}</TableHead>
            <TableHead scope="col">{t("batch.column.language")}</TableHead>
            <TableHead scope="col">{t("batch.column.country")}</TableHead>
            <TableHead scope="col" className="text-right">
              {t("batch.column.numLinks")}
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {entities.slice(0, PREVIEW_ROWS).map((entity, index) => (
            <TableRow key={index}>
              <TableCell className="min-w-40 font-medium wrap-anywhere">{entity.searchTerm}</TableCell>
              <TableCell>{entity.entityType === "company" ? t("search.company") : t("search.person")}</TableCell>
              <TableCell>{t(`language.${entity.language}`)}</TableCell>
              <TableCell>
                {entity.country ?? (
                  <span role="img" aria-label={t("batch.noCountry")}>
                    —
                  </span>
                )}
              </TableCell>
              <TableCell className="text-right tabular-nums">{number(entity.numLinks)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {more > 0 && <p className="text-sm text-muted-foreground">{t("batch.andMore", { count: more, n: number(more) })}</p>}
    </section>
  );
}
