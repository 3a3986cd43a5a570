import { describePepReason } from "../pep-phrases.ts";
import type { Phrasebook } from "../phrasebook.ts";

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

/** The kinds of identifier a search can carry (query by example). */
const IDENTIFIER_WORDS: Record<string, string> = {
  passport: "numéro de passeport",
  national_id: "numéro d'identité",
  tax_id: "numéro fiscal",
  imo: "numéro OMI",
  lei: "LEI",
  crypto_wallet: "portefeuille de cryptomonnaie",
};

export const fr: Phrasebook = {
  englishName: "French",
  level: { critical: "critique", high: "élevé", medium: "moyen", low: "faible" },
  category: {
    negative: "informations négatives",
    PEP: "PPE",
    positive: "informations positives",
    criminal: "criminalité",
    sanctions: "sanctions",
    corruption: "corruption",
    others: "autres",
  },
  entityType: { person: "Personne", company: "Entreprise" },

  quote: (text) => `« ${text} »`,

  intro: ({ name, entity, datasets, articles, level }) =>
    `${name} a été contrôlé${entity === "person" ? " en tant que personne" : "e en tant qu’entreprise"} au regard de ${datasets} ${plural(datasets, "liste", "listes")} de sanctions et de PPE${articles === null ? " ; les médias défavorables n’ont pas pu être consultés." : ` et de ${articles} ${plural(articles, "article", "articles")} de presse.`} Le risque global est évalué comme ${level.toUpperCase()}.`,
  sanctionsNone: (datasets) =>
    `Aucune correspondance n’a été trouvée dans ${plural(datasets, "la liste de sanctions consultée", `les ${datasets} listes de sanctions consultées`)}.`,
  sanctionsFound: (count, datasets) =>
    `Le nom correspond à ${count} ${plural(count, "inscription", "inscriptions")} dans ${datasets} ${plural(datasets, "liste", "listes")} de sanctions :`,
  sanctionsMore: (count) => `et ${count} ${plural(count, "autre correspondance", "autres correspondances")}, dans la section des sanctions.`,
  nearMissesWaiting: (count) =>
    `${count} ${plural(count, "quasi-correspondance", "quasi-correspondances")} (sous le seuil de correspondance, non ${plural(count, "comptée", "comptées")} comme correspondance) ${plural(count, "attend", "attendent")} la décision d’un examinateur.`,
  sanctionsMatch: (m) =>
    `${[
      `${m.entityName} dans ${m.dataset}${m.listVersion ? ` (liste du ${m.listVersion})` : ""}, trouvé sous « ${m.matchedName} » avec un score de ${m.score}`,
      m.programs && `programmes : ${m.programs}`,
      m.nationality && `nationalité : ${m.nationality}`,
      m.birthDate && `né le ${m.birthDate}`,
      m.differences && `différences : ${m.differences}`,
    ]
      .filter(Boolean)
      .join(" ; ")}.`,
  pepFound: (listings) => `Statut PPE : une inscription comme personne politiquement exposée a été trouvée (${listings}).`,
  pepNone: "Statut PPE : aucune inscription comme personne politiquement exposée n’a été trouvée.",
  mediaNone: "Aucun article de presse n’a été trouvé.",
  mediaUnchecked:
    "Les médias défavorables n’ont pas pu être consultés : aucun fournisseur d’actualités n’a répondu, l’absence d’informations défavorables n’est donc pas établie.",
  mediaClean: (articles) =>
    articles === 1
      ? "L’article de presse examiné ne contient aucune information défavorable."
      : `Aucun des ${articles} articles de presse examinés ne contient d’information défavorable.`,
  mediaNegative: ({ negative, articles, categories }) =>
    `${negative} des ${articles} articles de presse examinés ${plural(negative, "contient", "contiennent")} des informations défavorables (${categories}).`,
  mediaExamples: (titles) => `Parmi eux : ${titles}.`,
  failed: (sources) =>
    `Les sources suivantes n’ont pas pu être consultées : ${sources}. Le résultat est donc incomplet et ne doit pas être lu comme un profil sans anomalie.`,
  recommendation: {
    critical:
      "Recommandation : ne pas poursuivre. Alerter immédiatement le responsable de la conformité, suspendre toute opération en cours et vérifier l’identité au regard de l’inscription ; une correspondance confirmée peut devoir être déclarée aux autorités.",
    high: "Recommandation : ne pas poursuivre tant que la correspondance n’est pas levée. Comparer la date de naissance, la nationalité et les autres identifiants avec l’inscription pour la confirmer ou l’écarter, et saisir la conformité.",
    medium:
      "Recommandation : appliquer des mesures de vigilance renforcées. Examiner le statut PPE et les informations défavorables, établir l’origine des fonds et du patrimoine et obtenir l’accord de la direction avant de poursuivre.",
    standard: "Recommandation : les mesures de vigilance standard suffisent ; maintenir un suivi régulier.",
    retry:
      "Recommandation : renouveler le contrôle lorsque toutes les sources seront disponibles ; d’ici là, le profil ne peut pas être considéré comme sans anomalie.",
    incomplete: "Il convient de renouveler le contrôle lorsque toutes les sources seront disponibles avant de se fier à ce résultat.",
  },

  sourceKind: { sanctions: "Listes de sanctions", pep: "Listes PPE", media: "Actualités", classifier: "Classement des articles", summary: "Synthèse" },
  internalList: "liste de surveillance de votre organisation",
  sourceError: (s, f) => {
    const p = s.errorParams ?? {};
    switch (s.errorCode) {
      case "not_configured":
        return s.kind === "media"
          ? "aucun fournisseur d’actualités n’est configuré"
          : s.kind === "pep"
            ? "aucune liste PPE n’est configurée"
            : s.kind === "sanctions"
              ? "aucune liste de sanctions n’est configurée"
              : "non configuré";
      case "never_downloaded":
        return "jamais téléchargée : la liste n’a encore aucune version à consulter";
      case "index_failed":
        return "l’index de la liste n’a pas pu être construit";
      case "list_search_failed":
        return "la liste n’a pas pu être consultée";
      case "unreachable":
        return "le service n’a pas pu être joint";
      case "timeout":
        return `aucune réponse en ${f.number(Number(p.seconds))} s`;
      case "http_error":
        return `le service a répondu par une erreur (HTTP ${p.status})`;
      case "rate_limited":
        return "trop de requêtes : le service a demandé d’attendre";
      case "bad_answer":
        return "la réponse du service n’a pas pu être lue";
      case "too_large":
        return "la réponse du service était trop volumineuse";
      case "cancelled":
        return "la recherche a été annulée";
      case "model_failed":
        return "le modèle de langage n’a pas donné de réponse exploitable ; l’analyse intégrée a été utilisée";
      default:
        return "n’a pas pu être consulté";
    }
  },
  mismatch: (m, f) =>
    m.kind === "name"
      ? `similarité du nom ${f.percent(m.score)}${m.listedName ? ` (sur le nom inscrit ${fr.quote(m.listedName)})` : ""}`
      : m.kind === "birth_date"
        ? `date de naissance : inscrite ${m.listed.map((d) => f.day(d)).join(", ")}, recherchée ${f.day(m.searched)}`
        : `nationalité : inscrite ${f.countries(m.listed)}, recherchée ${f.countries([m.searched])}`,
  listNoMatch: ({ entities, version }) =>
    `Aucune correspondance${entities ? ` parmi ${entities} inscriptions` : ""}${version ? ` (version du ${version})` : ""}.`,

  reason: (r, f) => {
    const p = r.params;
    switch (r.code) {
      case "sanctions_match_confirmed": {
        const basis = String(p.basis ?? "score");
        const why =
          basis === "score"
            ? "nom quasi identique"
            : basis
                .split(", ")
                .map((b) =>
                  b === "identifier"
                    ? `l'inscription porte le ${IDENTIFIER_WORDS[String(p.identifierKind)] ?? "identifiant"} recherché ${p.identifier}`
                    : b === "birth_date"
                      ? "la date de naissance concorde"
                      : "la nationalité concorde",
                )
                .join(" et ");
        return `Correspondance forte sur une liste de sanctions : ${p.entityName} dans ${p.dataset} (score ${f.percent(Number(p.score))} ; ${why}).`;
      }
      case "sanctions_match":
        return p.entityName
          ? `Correspondance sur une liste de sanctions : ${p.entityName} dans ${p.dataset} (score ${f.percent(Number(p.score))}).`
          : `Correspondance dans ${p.dataset}${p.details ? ` : ${p.details}` : ""}.`;
      case "sanctions_possible_match":
        if (p.birthDateDiffers)
          return `Le nom correspond, la date de naissance diffère : ${p.entityName} dans ${p.dataset} (nom ${f.percent(Number(p.nameScore ?? p.score))} ; naissance inscrite ${String(
            p.birthDate ?? "",
          )
            .split(", ")
            .map((d) => f.day(d))
            .join(", ")}, recherchée ${f.day(String(p.searchedBirthDate))}), maintenu sous le seuil.`;
        return `Correspondance possible sous le seuil : ${p.entityName} dans ${p.dataset} (score ${f.percent(Number(p.score))}).`;
      case "pep": {
        const pep = describePepReason("fr", p);
        return `Inscrit comme personne politiquement exposée : ${p.name ?? p.title} (${p.dataset ?? p.source})${pep ? ` : ${pep}` : ""}.`;
      }
      case "negative_media":
        return `${p.count} ${plural(Number(p.count), "article défavorable", "articles défavorables")} : ${f.category(String(p.categories))}.`;
      case "source_failed":
        return f.failedSources
          ? `N’ont pas pu être consultées : ${f.failedSources}.`
          : `${p.count ?? 1} ${plural(Number(p.count ?? 1), "source n’a pas pu être consultée", "sources n’ont pas pu être consultées")}.`;
      case "no_findings":
        return "Aucun constat : aucune correspondance sur les listes de sanctions, aucune inscription PPE et aucune information défavorable.";
    }
  },
};
