import type { Phrasebook } from "../phrasebook.ts";

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

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
    `${name} wurde als ${entity === "person" ? "Person" : "Unternehmen"} gegen ${datasets} ${plural(datasets, "Sanktions- und PEP-Liste", "Sanktions- und PEP-Listen")} sowie ${articles} ${plural(articles, "Medienartikel", "Medienartikel")} geprüft. Das Gesamtrisiko wird als ${level.toUpperCase()} eingestuft.`,
  sanctionsNone: (datasets) => `In ${plural(datasets, "der durchsuchten Sanktionsliste", `den ${datasets} durchsuchten Sanktionslisten`)} wurde kein Treffer gefunden.`,
  sanctionsFound: (count, datasets) =>
    `Der Name ergab ${count} ${plural(count, "Treffer", "Treffer")} in ${datasets} ${plural(datasets, "Sanktionsliste", "Sanktionslisten")}:`,
  sanctionsMatch: (m) =>
    [
      `${m.entityName} in ${m.dataset}${m.listVersion ? ` (Listenstand ${m.listVersion})` : ""}, gefunden als „${m.matchedName}“ mit einer Übereinstimmung von ${m.score}`,
      m.programs && `Programme: ${m.programs}`,
      m.nationality && `Staatsangehörigkeit: ${m.nationality}`,
      m.birthDate && `geboren ${m.birthDate}`,
      m.differences && `Abweichungen: ${m.differences}`,
    ]
      .filter(Boolean)
      .join("; ") + ".",
  pepFound: (listings) => `PEP-Status: Es liegt ein Eintrag als politisch exponierte Person vor (${listings}).`,
  pepNone: "PEP-Status: Es wurde kein Eintrag als politisch exponierte Person gefunden.",
  mediaNone: "Es wurden keine Medienartikel gefunden.",
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

  reason: (r, f) => {
    const p = r.params;
    switch (r.code) {
      case "sanctions_match_confirmed": {
        const basis = String(p.basis ?? "score");
        const why = basis === "score" ? "nahezu exakte Namensübereinstimmung" : basis.split(", ").map((b) => (b === "birth_date" ? "Geburtsdatum stimmt überein" : "Staatsangehörigkeit stimmt überein")).join(" und ");
        return `Starker Sanktionstreffer: ${p.entityName} in ${p.dataset} (Übereinstimmung ${f.percent(Number(p.score))}; ${why}).`;
      }
      case "sanctions_match":
        return p.entityName
          ? `Sanktionstreffer: ${p.entityName} in ${p.dataset} (Übereinstimmung ${f.percent(Number(p.score))}).`
          : `Sanktionstreffer in ${p.dataset}${p.details ? `: ${p.details}` : ""}.`;
      case "sanctions_possible_match":
        return `Möglicher Treffer unter der Schwelle: ${p.entityName} in ${p.dataset} (Übereinstimmung ${f.percent(Number(p.score))}).`;
      case "pep":
        return `Politisch exponierte Person: ${p.title} (${p.source}).`;
      case "negative_media":
        return `${p.count} negative${plural(Number(p.count), "r Medienartikel", " Medienartikel")}: ${f.category(String(p.categories))}.`;
      case "source_failed":
        return `Quelle nicht geprüft: ${p.source}${p.error ? ` (${p.error})` : ""}.`;
      case "no_findings":
        return "Keine Auffälligkeiten: kein Sanktionstreffer, kein PEP-Eintrag und keine negativen Berichte.";
    }
  },
};
