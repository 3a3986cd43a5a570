import { Badge } from "@duecheck/ui/badge";
import type { IdentifierKind } from "@lib/sanctions/entity.ts";
import type { MatchEvidence as Evidence } from "@lib/screening/results.ts";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";

/** An identifier kind in the interface language (each key literal, so the translations test sees it). */
export function identifierKindLabel(t: TFunction, kind: IdentifierKind): string {
  const words: Record<IdentifierKind, string> = {
    passport: t("match.identifier.passport"),
    national_id: t("match.identifier.nationalId"),
    tax_id: t("match.identifier.taxId"),
    imo: t("match.identifier.imo"),
    lei: t("match.identifier.lei"),
    crypto_wallet: t("match.identifier.cryptoWallet"),
  };
  return words[kind];
}

type Label = { key: string; text: string; tone: "decisive" | "agrees" | "differs" };

function evidenceLabels(t: TFunction, evidence: Evidence): Label[] {
  const labels: Label[] = [];
  if (evidence.identifier) {
    const kind = identifierKindLabel(t, evidence.identifier.kind);
    labels.push({ key: "identifier", text: t("match.evidence.identifier", { kind, value: evidence.identifier.value }), tone: "decisive" });
  }
  if (evidence.nameMatchesBirthDateDiffers) labels.push({ key: "birthDate", text: t("match.evidence.nameMatchesBirthDateDiffers"), tone: "differs" });
  else if (evidence.birthDate === "agrees") labels.push({ key: "birthDate", text: t("match.evidence.birthDateAgrees"), tone: "agrees" });
  else if (evidence.birthDate === "differs") labels.push({ key: "birthDate", text: t("match.evidence.birthDateDiffers"), tone: "differs" });
  if (evidence.nationality === "agrees") labels.push({ key: "nationality", text: t("match.evidence.nationalityAgrees"), tone: "agrees" });
  else if (evidence.nationality === "differs") labels.push({ key: "nationality", text: t("match.evidence.nationalityDiffers"), tone: "differs" });
  return labels;
}

const VARIANT = { decisive: "destructive", agrees: "warning", differs: "outline" } as const;

/**
 * What the search's details (query by example) said of a listing: an identifier that matches (decisive), a birth date
 * or nationality that agrees or differs, and "name matches, birth date differs" for a near miss. Nothing without details.
 */
export function MatchEvidence({ evidence }: { evidence: Evidence | undefined }) {
  const { t } = useTranslation();
  if (!evidence) return null;
  const labels = evidenceLabels(t, evidence);
  if (labels.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label={t("match.evidenceTitle")} data-testid="match-evidence">
      {labels.map((label) => (
        <li key={label.key}>
          <Badge variant={VARIANT[label.tone]} className="whitespace-normal text-left [overflow-wrap:anywhere]" data-tone={label.tone}>
            {label.text}
          </Badge>
        </li>
      ))}
    </ul>
  );
}
