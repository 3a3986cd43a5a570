import { describePepReason } from "../pep-phrases.ts";
import type { Phrasebook } from "../phrasebook.ts";

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

/** The kinds of identifier a search can carry (query by example). */
const IDENTIFIER_WORDS: Record<string, string> = {
  passport: "Reisepassnummer",
  national_id: "Ausweisnummer",
  tax_id: "Steuernummer",
  imo: "IMO-Nummer",
  lei: "LEI",
  crypto_wallet: "Wallet-Adresse",
};

export const de: Phrasebook = {
  englishName: "German",
  level: { critical: "kritisch", high: "hoch", medium: "mittel", low: "niedrig" },
  category: {
    negative: "negative Berichte",
    PEP: "PEP",
    positive: "positive Berichte",
    criminal: "Kriminalität",
    sanctions: "Sanktionen",
    corruption: "Korruption",
    others: "Sonstiges",
  },
  entityType: { person: "Person", company: "Unternehmen" },

  quote: (text) => `„${text}“`,

  intro: ({ name, entity, datasets, articles, level }) =>
    `${name} wurde als ${entity === "person" ? "Person" : "Unternehmen"} gegen ${datasets} ${plural(datasets, "Sanktions- und PEP-Liste", "Sanktions- und PEP-Listen")}${articles === null ? " geprüft; negative Medienberichte konnten nicht geprüft werden." : ` sowie ${articles} Medienartikel geprüft.`} Das Gesamtrisiko wird als ${level.toUpperCase()} eingestuft.`,
  sanctionsNone: (datasets) =>
    `In ${plural(datasets, "der durchsuchten Sanktionsliste", `den ${datasets} durchsuchten Sanktionslisten`)} wurde kein Treffer gefunden.`,
  sanctionsFound: (count, datasets) =>
    `Der Name ergab ${count} ${plural(count, "Treffer", "Treffer")} in ${datasets} ${plural(datasets, "Sanktionsliste", "Sanktionslisten")}:`,
  sanctionsMore: (count) => `und ${count} ${plural(count, "weiterer Treffer", "weitere Treffer")}, aufgeführt im Abschnitt Sanktionen.`,
  nearMissesWaiting: (count) =>
    `${count} ${plural(count, "Beinahe-Treffer", "Beinahe-Treffer")} (unter der Trefferschwelle, nicht als Treffer gezählt) ${plural(count, "wartet", "warten")} auf die Entscheidung eines Prüfers.`,
  sanctionsMatch: (m) =>
    `${[
      `${m.entityName} in ${m.dataset}${m.listVersion ? ` (Listenstand ${m.listVersion})` : ""}, gefunden als „${m.matchedName}“ mit einer Übereinstimmung von ${m.score}`,
      m.programs && `Programme: ${m.programs}`,
      m.nationality && `Staatsangehörigkeit: ${m.nationality}`,
      m.birthDate && `geboren ${m.birthDate}`,
      m.differences && `Abweichungen: ${m.differences}`,
    ]
      .filter(Boolean)
      .join("; ")}.`,
  pepFound: (listings) => `PEP-Status: Es liegt ein Eintrag als politisch exponierte Person vor (${listings}).`,
  pepNone: "PEP-Status: Es wurde kein Eintrag als politisch exponierte Person gefunden.",
  mediaNone: "Es wurden keine Medienartikel gefunden.",
  mediaUnchecked:
    "Negative Medienberichte konnten nicht geprüft werden: Kein Nachrichtenanbieter hat geantwortet, daher ist nicht belegt, dass keine vorliegen.",
  mediaClean: (articles) =>
    articles === 1
      ? "Der geprüfte Medienartikel enthält keine negativen Informationen."
      : `Keiner der ${articles} geprüften Medienartikel enthält negative Informationen.`,
  mediaNegative: ({ negative, articles, categories }) =>
    `${negative} von ${articles} geprüften Medienartikeln ${plural(negative, "enthält", "enthalten")} negative Informationen (${categories}).`,
  mediaExamples: (titles) => `Darunter: ${titles}.`,
  failed: (sources) =>
    `Folgende Quellen konnten nicht geprüft werden: ${sources}. Das Ergebnis ist daher unvollständig und darf nicht als unauffälliges Profil gewertet werden.`,
  recommendation: {
    critical:
      "Empfehlung: Nicht fortfahren. Sofort an den Compliance-Beauftragten eskalieren, laufende Transaktionen anhalten und die Identität mit dem Listeneintrag abgleichen; ein bestätigter Treffer kann meldepflichtig sein.",
    high: "Empfehlung: Nicht fortfahren, bevor der Treffer geklärt ist. Geburtsdatum, Staatsangehörigkeit und weitere Merkmale mit dem Listeneintrag abgleichen, um ihn zu bestätigen oder auszuschließen, und an Compliance eskalieren.",
    medium:
      "Empfehlung: Verstärkte Sorgfaltspflichten anwenden. PEP-Status und negative Berichte prüfen, Herkunft der Mittel und des Vermögens klären und vor dem Fortfahren die Zustimmung der Geschäftsleitung einholen.",
    standard: "Empfehlung: Die allgemeinen Sorgfaltspflichten genügen; weiterhin regelmäßig überwachen.",
    retry: "Empfehlung: Die Prüfung wiederholen, sobald alle Quellen verfügbar sind; bis dahin darf das Profil nicht als unauffällig gelten.",
    incomplete: "Die Prüfung sollte wiederholt werden, sobald alle Quellen verfügbar sind, bevor auf dieses Ergebnis vertraut wird.",
  },

  sourceKind: { sanctions: "Sanktionslisten", pep: "PEP-Listen", media: "Nachrichten", classifier: "Artikelklassifizierung", summary: "Zusammenfassung" },
  internalList: "Beobachtungsliste Ihrer Organisation",
  sourceError: (s, f) => {
    const p = s.errorParams ?? {};
    switch (s.errorCode) {
      case "not_configured":
        return s.kind === "media"
          ? "kein Nachrichtenanbieter eingerichtet"
          : s.kind === "pep"
            ? "keine PEP-Liste eingerichtet"
            : s.kind === "sanctions"
              ? "keine Sanktionsliste eingerichtet"
              : "nicht eingerichtet";
      case "never_downloaded":
        return "nie heruntergeladen: Die Liste hat noch keine durchsuchbare Version";
      case "index_failed":
        return "der Listenindex konnte nicht erstellt werden";
      case "list_search_failed":
        return "die Liste konnte nicht durchsucht werden";
      case "unreachable":
        return "der Dienst war nicht erreichbar";
      case "timeout":
        return `keine Antwort innerhalb von ${f.number(Number(p.seconds))} s`;
      case "http_error":
        return `der Dienst antwortete mit einem Fehler (HTTP ${p.status})`;
      case "rate_limited":
        return "zu viele Anfragen: Der Dienst bat zu warten";
      case "bad_answer":
        return "die Antwort des Dienstes war nicht lesbar";
      case "too_large":
        return "die Antwort des Dienstes war zu groß";
      case "cancelled":
        return "die Suche wurde abgebrochen";
      case "model_failed":
        return "das Sprachmodell gab keine verwertbare Antwort; die integrierte Analyse wurde verwendet";
      default:
        return "konnte nicht geprüft werden";
    }
  },
  mismatch: (m, f) =>
    m.kind === "name"
      ? `Namensähnlichkeit ${f.percent(m.score)}${m.listedName ? ` (beim gelisteten Namen ${de.quote(m.listedName)})` : ""}`
      : m.kind === "birth_date"
        ? `Geburtsdatum: gelistet ${m.listed.map((d) => f.day(d)).join(", ")}, gesucht ${f.day(m.searched)}`
        : `Staatsangehörigkeit: gelistet ${f.countries(m.listed)}, gesucht ${f.countries([m.searched])}`,
  listNoMatch: ({ entities, version }) =>
    `Kein Treffer${entities ? ` unter ${entities} gelisteten Einträgen` : ""}${version ? ` (Listenstand ${version})` : ""}.`,

  reason: (r, f) => {
    const p = r.params;
    switch (r.code) {
      case "sanctions_match_confirmed": {
        const basis = String(p.basis ?? "score");
        const why =
          basis === "score"
            ? "nahezu exakte Namensübereinstimmung"
            : basis
                .split(", ")
                .map((b) =>
                  b === "identifier"
                    ? `der Eintrag führt die gesuchte ${IDENTIFIER_WORDS[String(p.identifierKind)] ?? "Kennung"} ${p.identifier}`
                    : b === "birth_date"
                      ? "Geburtsdatum stimmt überein"
                      : "Staatsangehörigkeit stimmt überein",
                )
                .join(" und ");
        return `Starker Sanktionstreffer: ${p.entityName} in ${p.dataset} (Übereinstimmung ${f.percent(Number(p.score))}; ${why}).`;
      }
      case "sanctions_match":
        return p.entityName
          ? `Sanktionstreffer: ${p.entityName} in ${p.dataset} (Übereinstimmung ${f.percent(Number(p.score))}).`
          : `Sanktionstreffer in ${p.dataset}${p.details ? `: ${p.details}` : ""}.`;
      case "sanctions_possible_match":
        if (p.birthDateDiffers)
          return `Name stimmt überein, Geburtsdatum weicht ab: ${p.entityName} in ${p.dataset} (Name ${f.percent(Number(p.nameScore ?? p.score))}; gelistet geboren ${String(
            p.birthDate ?? "",
          )
            .split(", ")
            .map((d) => f.day(d))
            .join(", ")}, gesucht ${f.day(String(p.searchedBirthDate))}), unter der Schwelle gehalten.`;
        return `Möglicher Treffer unter der Schwelle: ${p.entityName} in ${p.dataset} (Übereinstimmung ${f.percent(Number(p.score))}).`;
      case "pep": {
        const pep = describePepReason("de", p);
        return `Als politisch exponierte Person gelistet: ${p.name ?? p.title} (${p.dataset ?? p.source})${pep ? `: ${pep}` : ""}.`;
      }
      case "negative_media":
        return `${p.count} negative${plural(Number(p.count), "r Medienartikel", " Medienartikel")}: ${f.category(String(p.categories))}.`;
      case "source_failed":
        return f.failedSources
          ? `Nicht geprüft werden konnten: ${f.failedSources}.`
          : `${p.count ?? 1} ${plural(Number(p.count ?? 1), "Quelle konnte", "Quellen konnten")} nicht geprüft werden.`;
      case "no_findings":
        return "Keine Auffälligkeiten: kein Sanktionstreffer, kein PEP-Eintrag und keine negativen Berichte.";
    }
  },
};
