import { useFormatters } from "@duecheck/react/views/format";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@duecheck/ui/table";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { BatchEntity } from "../../../lib/batch/entity-schema.ts";
import { UnknownColumns } from "./unknown-columns";

/** Rows shown before 'And N more...'. */
export const PREVIEW_ROWS = 10;

/**
 * The first 10 entities of the file as they will be screened (defaults applied), with the details and customer
 * reference the file gives (a column only when some row fills it), then how many more follow, and the columns the
 * batch does not read.
 */
export function EntityPreview({ entities, fileName, unknownColumns = [] }: { entities: BatchEntity[]; fileName: string; unknownColumns?: string[] }) {
  const { t } = useTranslation();
  const { number } = useFormatters();
  const titleId = useId();
  const more = entities.length - PREVIEW_ROWS;
  const shown = entities.slice(0, PREVIEW_ROWS);
  const has = {
    customerRef: entities.some((e) => e.customerRef),
    birthDate: entities.some((e) => e.details?.birthDate),
    nationality: entities.some((e) => e.details?.nationality),
    identifiers: entities.some((e) => e.details?.identifiers?.length),
  };
  const none = (
    <span role="img" aria-label={t("batch.details.none")}>
      —
    </span>
  );
  return (
    <section className="grid gap-2" aria-labelledby={titleId} data-testid="batch-preview">
      <h3 id={titleId} className="text-sm font-medium">
        {t("batch.previewTitle", { count: entities.length, n: number(entities.length), file: fileName })}
      </h3>
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead scope="col">{t("batch.column.term")}</TableHead>
            {has.customerRef && <TableHead scope="col">{t("batch.details.customerRef")}</TableHead>}
            <TableHead scope="col">{t("batch.column.type")}</TableHead>
            {has.birthDate && <TableHead scope="col">{t("batch.details.birthDate")}</TableHead>}
            {has.nationality && <TableHead scope="col">{t("batch.details.nationality")}</TableHead>}
            {has.identifiers && <TableHead scope="col">{t("batch.details.identifiers")}</TableHead>}
            <TableHead scope="col">{t("batch.column.language")}</TableHead>
            <TableHead scope="col">{t("batch.column.country")}</TableHead>
            <TableHead scope="col" className="text-right">
              {t("batch.column.numLinks")}
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {shown.map((entity, index) => (
            <TableRow key={index}>
              <TableCell className="min-w-40 font-medium wrap-anywhere">{entity.searchTerm}</TableCell>
              {has.customerRef && <TableCell className="wrap-anywhere">{entity.customerRef ?? none}</TableCell>}
              <TableCell>{entity.entityType === "company" ? t("search.company") : t("search.person")}</TableCell>
              {has.birthDate && <TableCell className="tabular-nums whitespace-nowrap">{entity.details?.birthDate ?? none}</TableCell>}
              {has.nationality && <TableCell>{entity.details?.nationality ?? none}</TableCell>}
              {has.identifiers && (
                <TableCell className="wrap-anywhere">
                  {entity.details?.identifiers?.length ? entity.details.identifiers.map((i) => `${i.kind}:${i.value}`).join(", ") : none}
                </TableCell>
              )}
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
      <UnknownColumns names={unknownColumns} />
    </section>
  );
}
