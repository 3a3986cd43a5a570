import { de as admin } from "./admin/de.ts";
import { de as batchDetails } from "./batch-details/de.ts";
import { de as billing } from "./billing/de.ts";
import { de as cases } from "./cases/de.ts";
import { de as datasetExport } from "./dataset-export/de.ts";
import { duration } from "./duration.ts";
import { de as embed } from "./embed/de.ts";
import { de as exports } from "./exports/de.ts";
import { de as keys } from "./keys/de.ts";
import { de as listChoice } from "./list-choice/de.ts";
import { de as matching } from "./matching/de.ts";
import { de as monitor } from "./monitor/de.ts";
import { de as organisations } from "./organisations/de.ts";
import { de as queryByExample } from "./query-by-example/de.ts";
import { de as reports } from "./reports/de.ts";
import { de as retention } from "./retention/de.ts";
import { de as review } from "./review/de.ts";
import { de as searches } from "./searches/de.ts";
import type { CliText } from "./types.ts";
import { de as watchlists } from "./watchlists/de.ts";
import { de as webhooks } from "./webhooks/de.ts";

export const de: CliText = {
  noUser: (email) => `Kein Benutzer mit der E-Mail-Adresse ${email}`,
  noAdmin: "Es gibt noch keinen Administrator: Geben Sie --user EMAIL an",
  levels: { critical: "kritisch", high: "hoch", medium: "mittel", low: "niedrig" },
  statuses: { pending: "wartend", processing: "läuft", completed: "abgeschlossen", failed: "fehlgeschlagen" },
  listsMissing: ({ all, missing, total, downloading, failed, never, offline }) => {
    const detail = [
      downloading.length ? `wird gerade heruntergeladen: ${downloading.join(", ")}` : "",
      failed.length ? `Download fehlgeschlagen: ${failed.join(", ")}` : "",
      never.length ? `nie heruntergeladen: ${never.join(", ")}` : "",
    ].filter(Boolean);
    const head = all ? "Es wurden noch keine Sanktionsdaten heruntergeladen" : `${missing} von ${total} Listen haben noch keine Daten`;
    if (offline.length)
      return `${head} (${detail.join("; ")}). Der letzte Download hat das Netzwerk nicht erreicht: Importieren Sie die vorhandenen Listendateien (duecheck datasets import ID PFAD, ID eine von ${offline.join(", ")}).`;
    return `${head} (${detail.join("; ")}). Suchen können diese Listen erst prüfen, wenn sie heruntergeladen sind (duecheck datasets download --all).`;
  },
  search: {
    linksInvalid: (value) => `--links muss eine ganze Zahl sein, erhalten: '${value}'`,
    insufficientCredits: (cost) =>
      `Für eine Suche benötigen Sie mindestens ${cost} ${cost === 1 ? "Credit" : "Credits"}. Bitte wenden Sie sich an den Support, um weitere Credits hinzuzufügen.`,
    started: (id, email, credits) => `Suche ${id} für ${email} (${credits} Credits)`,
    stages: {
      sanctions: "Sanktions- und PEP-Listen werden geprüft",
      media: "Nachrichten werden durchsucht",
      risk: "Risiko wird bewertet",
      summary: "Zusammenfassung wird geschrieben",
      saving: "Ergebnisse werden gespeichert",
    },
    stage: (term, stage) => `Prüfung von „${term}“: ${stage}`,
    queuedHere: "In der Warteschlange: Dieser Prozess führt die Suche aus",
    queuedServer: "In der Warteschlange: Warten auf die Worker des Servers",
    queuedWorker: "In der Warteschlange: Warten auf einen Worker",
    runningElsewhere: (term, onServer) => `Prüfung von „${term}“ ${onServer ? "auf dem Server" : "in einem anderen Prozess"}`,
    deleted: "Die Suche wurde während der Ausführung gelöscht",
    failed: "FEHLGESCHLAGEN",
    meta: (id, when, credits) => `Suche ${id}, ${when}, ${credits} ${credits === 1 ? "Credit" : "Credits"}`,
    sanctionsHeader: (searched, matched) => `Sanktionslisten: ${searched} durchsucht, ${matched} mit Treffer`,
    failedSources: "Quellen, die nicht geprüft werden konnten",
  },
  history: {
    title: (email, total) => `Suchen von ${email}: ${total}`,
    teamTitle: (email, total) => `Suchen des Teams von ${email}: ${total}`,
    columns: { date: "DATUM", name: "NAME", type: "TYP", status: "STATUS", risk: "RISIKO", id: "ID", by: "VON" },
    empty: "Noch kein Suchverlauf.",
    noOlder: "Keine älteren Suchen.",
    older: (command) => `Ältere Suchen: ${command}`,
    limitInvalid: (value) => `--limit muss eine ganze Zahl von 1 bis 100 sein, erhalten: '${value}'`,
    beforeInvalid: (value) =>
      `--before muss ein Datum wie 2025-01-31 oder 2025-01-31T12:00:00Z oder der Cursor einer vorherigen Seite sein, erhalten: '${value}'`,
  },
  users: {
    created: (role, email, credits) => `${role} ${email} mit ${credits} ${credits === 1 ? "Credit" : "Credits"} angelegt.`,
    columns: { email: "E-MAIL", name: "NAME", role: "ROLLE", credits: "ORG.-CREDITS", status: "STATUS", twoFactor: "2FA", lastLogin: "LETZTE ANMELDUNG" },
    roles: { admin: "Administrator", user: "Benutzer", reviewer: "Prüfer", auditor: "Auditor" },
    unlimited: "unbegrenzt",
    active: "aktiv",
    inactive: "inaktiv",
    on: "an",
    off: "aus",
    never: "nie",
    none: "Keine Benutzer.",
  },
  credits: {
    amountInvalid: (value) => `Der Betrag muss eine ganze Zahl größer als 0 sein, erhalten: '${value}'`,
    added: (amount, email, balance) =>
      `${amount} ${amount === 1 ? "Credit" : "Credits"} der Organisation von ${email} gutgeschrieben. Neuer Kontostand: ${balance}.`,
  },
  datasets: {
    columns: {
      id: "ID",
      type: "TYP",
      format: "FORMAT",
      auto: "AUTOMATISCH",
      status: "STATUS",
      lastDownload: "LETZTER DOWNLOAD",
      inUse: "IN VERWENDUNG",
      size: "GRÖSSE",
      entities: "EINTRÄGE",
      versions: "VERSIONEN",
      error: "FEHLER",
    },
    types: { sanctions: "Sanktionen", pep: "PEP" },
    every: (hours) => `alle ${hours} h`,
    off: "aus",
    statuses: { success: "erfolgreich", failed: "fehlgeschlagen", downloading: "wird heruntergeladen", never: "nie heruntergeladen" },
    results: { success: "erfolgreich", not_modified: "unverändert", failed: "fehlgeschlagen" },
    none: "Keine Datensätze.",
    noVersion: "keine",
    idOrAll: "Geben Sie eine Datensatz-ID oder --all an (nicht beides)",
    failedLine: (id, error) => `${id}: fehlgeschlagen: ${error}`,
    summary: (successful, failed) => `${successful} erfolgreich, ${failed} fehlgeschlagen`,
    notModified: (id, v) => `${id}: unverändert; die aktuelle Version${v ? ` (${v.date}, ${v.entities} Einträge)` : ""} bleibt`,
    identical: (id, v) => `${id}: identisch mit der aktuellen Version; die aktuelle Version${v ? ` (${v.date}, ${v.entities} Einträge)` : ""} bleibt`,
    newVersion: (id, date, entities, size) => `${id}: neue aktuelle Version ${date} mit ${entities} Einträgen (${size})`,
    skippedLines: (count) => `${count} Zeile(n) ohne gültiges JSON übersprungen`,
    downloadFailed: (id, message) => `Download von ${id} fehlgeschlagen: ${message}`,
    added: (type, id, format) => `Datensatz ${id} (${type}, ${format}) hinzugefügt; herunterladen mit: duecheck datasets download ${id}`,
    urlsNow: (id) => `${id} wird jetzt heruntergeladen von:`,
    progressFile: (id, file, index, count) => `${id}: ${file} (Datei ${index} von ${count})`,
    progressBytes: (id, file, received, total) => `${id}: ${file} ${received}${total ? ` von ${total}` : ""}`,
    progressChecking: (id, files, size) => `${id}: ${files} Dateien werden geprüft, ${size}`,
  },
  sanctions: {
    termOrFile: "Geben Sie einen Suchbegriff oder --file an (nicht beides)",
    cannotRead: (path) => `${path} kann nicht gelesen werden`,
    noTerms: (path) => `${path} enthält keine Suchbegriffe`,
    noData: (selection) =>
      selection === "sanctions"
        ? "Es wurden noch keine Sanktionsdaten heruntergeladen"
        : selection === "peps"
          ? "Es wurden noch keine PEP-Daten heruntergeladen"
          : `Für ${selection} wurden noch keine Daten heruntergeladen`,
    answer: (found, term, lists) => `${found ? "Treffer" : "Kein Treffer"} für „${term}“ in ${lists}`,
    columns: {
      score: "ÜBEREINSTIMMUNG",
      match: "TREFFER",
      name: "NAME",
      schema: "ART",
      matchedName: "GEFUNDEN ALS",
      birth: "GEBURT",
      nationality: "STAATSANGEHÖRIGKEIT",
      datasets: "DATENSÄTZE",
    },
    yes: "ja",
    no: "nein",
  },
  batch: {
    cannotRead: (path) => `${path} kann nicht gelesen werden`,
    notFound: (id) => `Kein Stapel ${id} dieses Benutzers`,
    notCsv: "Bitte laden Sie eine CSV-Datei hoch (der Dateiname muss auf .csv enden)",
    fileRefused: (path, reason) => `${path} wurde abgelehnt, nichts wurde berechnet: ${reason}`,
    insufficientCredits: (rows, required, available) =>
      `Nicht genügend Credits: Dieser Stapel mit ${rows} ${rows === 1 ? "Eintrag" : "Einträgen"} benötigt ${required} Credits, das Guthaben beträgt ${available}. Es wurde nichts berechnet.`,
    started: (id, email, rows, credits) => `Stapel ${id} für ${email}: ${rows} ${rows === 1 ? "Eintrag" : "Einträge"} (${credits} Credits)`,
    detached: (id) => `Verfolgen mit: duecheck batch show ${id}`,
    waiting: "In der Warteschlange: Warten auf einen Worker",
    progress: ({ done, total, failed, rate, etaSeconds }) =>
      `${done}/${total} Zeilen · ${rate.toLocaleString("de", { minimumFractionDigits: 1, maximumFractionDigits: 1 })} Zeilen/s · ${etaSeconds === undefined ? "Rest –" : `Rest ${duration(etaSeconds)}`} · ${failed} fehlgeschlagen`,
    summary: (name, id, status) => `Stapel „${name}“ (${id}): ${status}`,
    counts: (total, processed, failed) => `${total} ${total === 1 ? "Eintrag" : "Einträge"}: ${processed} geprüft, ${failed} fehlgeschlagen`,
    risks: (counts) => `Risiko: ${counts}`,
    failedRows: (failed) => `${failed} ${failed === 1 ? "Eintrag konnte" : "Einträge konnten"} nicht verarbeitet werden`,
    columns: {
      name: "NAME",
      status: "STATUS",
      entities: "EINTRÄGE",
      processed: "VERARBEITET",
      failed: "FEHLGESCHLAGEN",
      created: "ERSTELLT",
      completed: "ABGESCHLOSSEN",
      id: "ID",
      term: "BEGRIFF",
      type: "TYP",
      risk: "RISIKO",
      sanctions: "SANKTIONSTREFFER",
      media: "MEDIEN",
      searchId: "SUCH-ID",
      owner: "EIGENTÜMER",
    },
    empty: "Noch keine Stapelaufträge. Starten Sie einen mit: duecheck batch run DATEI.csv",
    noResults: "Keine Ergebnisse.",
    /** A media count when no news source answered. */
    mediaNotChecked: "nicht geprüft",
    more: (command) => `Weitere: ${command}`,
    limitInvalid: (value) => `--limit muss eine ganze Zahl von 1 bis 100 sein, erhalten: '${value}'`,
    cursorInvalid: (value) => `--cursor muss der Cursor einer vorherigen Seite sein, erhalten: '${value}'`,
    formatInvalid: (value) => `--format muss csv, xlsx oder pdf sein, erhalten: '${value}'`,
    exported: (name, path) => `Stapel „${name}“ exportiert nach ${path}`,
    cannotWrite: (path, reason) => `${path} kann nicht geschrieben werden: ${reason}`,
  },
  db: { migrated: (database) => `Migrationen angewendet: ${database}` },
  serve: {
    running: (url) => `duecheck läuft unter ${url}`,
    database: (description) => `Datenbank: ${description}`,
    firstAdmin: "Das erste Administratorkonto wurde angelegt:",
    email: "E-Mail:",
    password: "Passwort:",
    passwordOnce: "(nur einmal angezeigt: notieren Sie es und ändern Sie es dann unter Profil > Sicherheit)",
    passwordFromEnv: "der Wert von DUECHECK_ADMIN_PASSWORD",
    signIn: (url) => `Melden Sie sich unter ${url}/login an oder erstellen Sie ein Konto unter ${url}/register.`,
  },
  keys,
  webhooks,
  watchlists,
  organisations,
  embed,
  searches,
  matching,
  queryByExample,
  batchDetails,
  reports,
  monitor,
  review,
  cases,
  billing,
  admin,
  retention,
  listChoice,
  datasetExport,
  exports,
};
