import type { ReportLanguage } from "../../../lib/screening/summary/phrasebook.ts";

/** The words of `duecheck cases report | attach`. */
export interface CasesReportCliText {
  formatInvalid: (value: string) => string;
  written: (path: string) => string;
  /** How each search's verification came out: counts already formatted. */
  verified: (identical: number, different: number, cannotVerify: number) => string;
  cannotWrite: (path: string, reason: string) => string;
  cannotRead: (path: string, reason: string) => string;
  attached: (fileName: string, type: string, size: string, title: string) => string;
  sha256: (sha: string) => string;
  attachmentId: (id: string) => string;
}

export const casesReportText: Record<ReportLanguage, CasesReportCliText> = {
  en: {
    formatInvalid: (value) => `--format must be pdf or xlsx, got '${value}'`,
    written: (path) => `Written: ${path}`,
    verified: (identical, different, cannot) => `Searches verified again: ${identical} identical, ${different} different, ${cannot} cannot be verified`,
    cannotWrite: (path, reason) => `Cannot write ${path}: ${reason}`,
    cannotRead: (path, reason) => `Cannot read ${path}: ${reason}`,
    attached: (name, type, size, title) => `Attached: ${name} (${type}, ${size} bytes) to ${title}`,
    sha256: (sha) => `SHA-256: ${sha}`,
    attachmentId: (id) => `Attachment ID: ${id}`,
  },
  de: {
    formatInvalid: (value) => `--format muss pdf oder xlsx sein, nicht '${value}'`,
    written: (path) => `Geschrieben: ${path}`,
    verified: (identical, different, cannot) => `Suchen erneut verifiziert: ${identical} identisch, ${different} abweichend, ${cannot} nicht verifizierbar`,
    cannotWrite: (path, reason) => `${path} kann nicht geschrieben werden: ${reason}`,
    cannotRead: (path, reason) => `${path} kann nicht gelesen werden: ${reason}`,
    attached: (name, type, size, title) => `Angehängt: ${name} (${type}, ${size} Bytes) an ${title}`,
    sha256: (sha) => `SHA-256: ${sha}`,
    attachmentId: (id) => `Anhang-ID: ${id}`,
  },
  es: {
    formatInvalid: (value) => `--format debe ser pdf o xlsx, no '${value}'`,
    written: (path) => `Escrito: ${path}`,
    verified: (identical, different, cannot) => `Búsquedas verificadas de nuevo: ${identical} idénticas, ${different} diferentes, ${cannot} no verificables`,
    cannotWrite: (path, reason) => `No se puede escribir ${path}: ${reason}`,
    cannotRead: (path, reason) => `No se puede leer ${path}: ${reason}`,
    attached: (name, type, size, title) => `Adjuntado: ${name} (${type}, ${size} bytes) a ${title}`,
    sha256: (sha) => `SHA-256: ${sha}`,
    attachmentId: (id) => `ID del adjunto: ${id}`,
  },
  fr: {
    formatInvalid: (value) => `--format doit être pdf ou xlsx, et non '${value}'`,
    written: (path) => `Écrit : ${path}`,
    verified: (identical, different, cannot) => `Recherches vérifiées à nouveau : ${identical} identiques, ${different} différentes, ${cannot} invérifiables`,
    cannotWrite: (path, reason) => `Impossible d’écrire ${path} : ${reason}`,
    cannotRead: (path, reason) => `Impossible de lire ${path} : ${reason}`,
    attached: (name, type, size, title) => `Joint : ${name} (${type}, ${size} octets) à ${title}`,
    sha256: (sha) => `SHA-256 : ${sha}`,
    attachmentId: (id) => `ID de la pièce jointe : ${id}`,
  },
};
