import type { ReportLanguage } from "../../../lib/screening/summary/phrasebook.ts";

/** The words of `duecheck cases open | add-search | tag`, and of the list's --tag and --older-than. */
export interface CasesManualCliText {
  opened: (title: string) => string;
  searchAdded: (term: string, title: string) => string;
  tagged: (title: string, tags: readonly string[]) => string;
  /** The 409 of an open case already there, with the command that shows it. */
  seeCase: (caseId: string) => string;
  tagsOrNone: string;
}

export const casesManualText: Record<ReportLanguage, CasesManualCliText> = {
  en: {
    opened: (title) => `Opened: ${title}`,
    searchAdded: (term, title) => `Added: the search ${term} to ${title}`,
    tagged: (title, tags) => (tags.length ? `Tagged: ${title} with ${tags.join(", ")}` : `Untagged: ${title} has no tags`),
    seeCase: (id) => `See it with: duecheck cases show ${id}`,
    tagsOrNone: "Give the tags, or --none to remove them all",
  },
  de: {
    opened: (title) => `Eröffnet: ${title}`,
    searchAdded: (term, title) => `Hinzugefügt: die Suche ${term} zu ${title}`,
    tagged: (title, tags) => (tags.length ? `Verschlagwortet: ${title} mit ${tags.join(", ")}` : `Ohne Schlagwörter: ${title}`),
    seeCase: (id) => `Anzeigen mit: duecheck cases show ${id}`,
    tagsOrNone: "Schlagwörter angeben, oder --none, um alle zu entfernen",
  },
  es: {
    opened: (title) => `Abierto: ${title}`,
    searchAdded: (term, title) => `Añadida: la búsqueda ${term} a ${title}`,
    tagged: (title, tags) => (tags.length ? `Etiquetado: ${title} con ${tags.join(", ")}` : `Sin etiquetas: ${title}`),
    seeCase: (id) => `Véalo con: duecheck cases show ${id}`,
    tagsOrNone: "Indique las etiquetas, o --none para quitarlas todas",
  },
  fr: {
    opened: (title) => `Ouvert : ${title}`,
    searchAdded: (term, title) => `Ajoutée : la recherche ${term} à ${title}`,
    tagged: (title, tags) => (tags.length ? `Étiqueté : ${title} avec ${tags.join(", ")}` : `Sans étiquette : ${title}`),
    seeCase: (id) => `À voir avec : duecheck cases show ${id}`,
    tagsOrNone: "Donnez les étiquettes, ou --none pour les retirer toutes",
  },
};
