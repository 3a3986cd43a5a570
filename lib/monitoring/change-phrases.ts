/**
 * The words of a monitored entity's changes (changesSummary, the CLI's `monitor changes`, the PDF) in the report
 * languages. Risk levels come from the summary's phrasebook.
 */
import type { RiskLevel } from "../screening/results.ts";
import { phrasebook, type ReportLanguage } from "../screening/summary/phrasebook.ts";
import type { ChangeFacts, MonitoringChanges } from "./schemas.ts";

interface ChangePhrases {
  addedMatches(count: number): string;
  removedMatches(count: number): string;
  risk(before: string, after: string): string;
  newMedia(count: number): string;
  notChecked(sources: string): string;
  join: string;
}

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

const PHRASES: Record<ReportLanguage, ChangePhrases> = {
  en: {
    addedMatches: (n) => `${n} new sanctions ${plural(n, "match", "matches")}`,
    removedMatches: (n) => `${n} sanctions ${plural(n, "match", "matches")} no longer listed`,
    risk: (b, a) => `risk level changed from ${b} to ${a}`,
    newMedia: (n) => `${n} new negative or PEP ${plural(n, "finding", "findings")} in the media and PEP lists`,
    notChecked: (s) => `could not be checked: ${s}`,
    join: "; ",
  },
  de: {
    addedMatches: (n) => `${n} ${plural(n, "neuer Sanktionstreffer", "neue Sanktionstreffer")}`,
    removedMatches: (n) => `${n} ${plural(n, "Sanktionstreffer ist", "Sanktionstreffer sind")} nicht mehr gelistet`,
    risk: (b, a) => `Risikostufe von ${b} auf ${a} geändert`,
    newMedia: (n) => `${n} ${plural(n, "neuer negativer oder PEP-Befund", "neue negative oder PEP-Befunde")} in Medien und PEP-Listen`,
    notChecked: (s) => `konnte nicht geprüft werden: ${s}`,
    join: "; ",
  },
  es: {
    addedMatches: (n) => `${n} ${plural(n, "nueva coincidencia", "nuevas coincidencias")} en listas de sanciones`,
    removedMatches: (n) => `${n} ${plural(n, "coincidencia de sanciones ya no figura", "coincidencias de sanciones ya no figuran")} en las listas`,
    risk: (b, a) => `el nivel de riesgo pasó de ${b} a ${a}`,
    newMedia: (n) => `${n} ${plural(n, "nuevo hallazgo negativo o PEP", "nuevos hallazgos negativos o PEP")} en medios y listas PEP`,
    notChecked: (s) => `no se pudo comprobar: ${s}`,
    join: "; ",
  },
  fr: {
    addedMatches: (n) => `${n} ${plural(n, "nouvelle correspondance", "nouvelles correspondances")} sur les listes de sanctions`,
    removedMatches: (n) => `${n} ${plural(n, "correspondance de sanctions ne figure", "correspondances de sanctions ne figurent")} plus sur les listes`,
    risk: (b, a) => `niveau de risque passé de ${b} à ${a}`,
    newMedia: (n) => `${n} ${plural(n, "nouveau résultat négatif ou PEP", "nouveaux résultats négatifs ou PEP")} dans les médias et les listes PEP`,
    notChecked: (s) => `n’a pas pu être vérifié : ${s}`,
    join: " ; ",
  },
};

export function changePhrases(language: ReportLanguage): ChangePhrases {
  return PHRASES[language];
}

const levelWord = (level: string | null, language: ReportLanguage) => (level ? (phrasebook(language).level[level as RiskLevel] ?? level) : "-");

type ChangeInput = ChangeFacts | Pick<MonitoringChanges, "addedMatches" | "removedMatches" | "riskBefore" | "riskAfter" | "newMedia" | "notChecked">;

const sizeOf = (value: number | unknown[]) => (typeof value === "number" ? value : value.length);

/** One line per kind of change, in the language: what the summary joins and the CLI prints (stored changes or their facts). */
export function describeChanges(changes: ChangeInput, language: ReportLanguage): string[] {
  const p = PHRASES[language];
  const lines: string[] = [];
  const added = sizeOf(changes.addedMatches);
  const removed = sizeOf(changes.removedMatches);
  const media = sizeOf(changes.newMedia);
  if (added) lines.push(p.addedMatches(added));
  if (removed) lines.push(p.removedMatches(removed));
  if (changes.riskBefore !== changes.riskAfter) lines.push(p.risk(levelWord(changes.riskBefore, language), levelWord(changes.riskAfter, language)));
  if (media) lines.push(p.newMedia(media));
  if (changes.notChecked.length) lines.push(p.notChecked(changes.notChecked.join(", ")));
  return lines;
}

/** changesSummary: the lines as one sentence, first letter capitalised. */
export function changesSummary(changes: Parameters<typeof describeChanges>[0], language: ReportLanguage): string {
  const text = describeChanges(changes, language).join(PHRASES[language].join);
  return text.charAt(0).toUpperCase() + text.slice(1);
}
