import type { CliText } from "./types.ts";

export const de: CliText = {
  noUser: (email) => `Kein Benutzer mit der E-Mail-Adresse ${email}`,
  noAdmin: "Es gibt noch keinen Administrator: Geben Sie --user EMAIL an",
  levels: { critical: "kritisch", high: "hoch", medium: "mittel", low: "niedrig" },
  statuses: { pending: "wartend", processing: "läuft", completed: "abgeschlossen", failed: "fehlgeschlagen" },
  listsMissing: ({ all, missing, total, downloading, failed, never }) => {
    const detail = [
      downloading.length ? `wird gerade heruntergeladen: ${downloading.join(", ")}` : "",
      failed.length ? `Download fehlgeschlagen: ${failed.join(", ")}` : "",
      never.length ? `nie heruntergeladen: ${never.join(", ")}` : "",
    ].filter(Boolean);
    const head = all ? "Es wurden noch keine Sanktionsdaten heruntergeladen" : `${missing} von ${total} Listen haben noch keine Daten`;
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
    columns: { date: "DATUM", name: "NAME", type: "TYP", status: "STATUS", risk: "RISIKO", id: "ID" },
    empty: "Noch kein Suchverlauf.",
    noOlder: "Keine älteren Suchen.",
    older: (command) => `Ältere Suchen: ${command}`,
    limitInvalid: (value) => `--limit muss eine ganze Zahl von 1 bis 100 sein, erhalten: '${value}'`,
    beforeInvalid: (value) =>
      `--before muss ein Datum wie 2025-01-31 oder 2025-01-31T12:00:00Z oder der Cursor einer vorherigen Seite sein, erhalten: '${value}'`,
  },
  users: {
    created: (role, email, credits) => `${role} ${email} mit ${credits} ${credits === 1 ? "Credit" : "Credits"} angelegt.`,
    columns: { email: "E-MAIL", name: "NAME", role: "ROLLE", credits: "CREDITS", status: "STATUS", twoFactor: "2FA", lastLogin: "LETZTE ANMELDUNG" },
    roles: { admin: "Administrator", user: "Benutzer" },
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
    added: (amount, email, balance) => `${amount} ${amount === 1 ? "Credit" : "Credits"} für ${email} gutgeschrieben. Neuer Kontostand: ${balance}.`,
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
};
