import { fr as admin } from "./admin/fr.ts";
import { fr as batchDetails } from "./batch-details/fr.ts";
import { fr as billing } from "./billing/fr.ts";
import { fr as cases } from "./cases/fr.ts";
import { fr as datasetExport } from "./dataset-export/fr.ts";
import { duration } from "./duration.ts";
import { fr as embed } from "./embed/fr.ts";
import { fr as exports } from "./exports/fr.ts";
import { fr as keys } from "./keys/fr.ts";
import { fr as listChoice } from "./list-choice/fr.ts";
import { fr as matching } from "./matching/fr.ts";
import { fr as monitor } from "./monitor/fr.ts";
import { fr as organisations } from "./organisations/fr.ts";
import { fr as queryByExample } from "./query-by-example/fr.ts";
import { fr as reports } from "./reports/fr.ts";
import { fr as retention } from "./retention/fr.ts";
import { fr as review } from "./review/fr.ts";
import { fr as searches } from "./searches/fr.ts";
import type { CliText } from "./types.ts";
import { fr as watchlists } from "./watchlists/fr.ts";
import { fr as webhooks } from "./webhooks/fr.ts";

export const fr: CliText = {
  noUser: (email) => `Aucun utilisateur avec l’adresse ${email}`,
  noAdmin: "Il n’y a pas encore d’administrateur : indiquez --user EMAIL",
  levels: { critical: "critique", high: "élevé", medium: "moyen", low: "faible" },
  statuses: { pending: "en attente", processing: "en cours", completed: "terminée", failed: "échouée" },
  listsMissing: ({ all, missing, total, downloading, failed, never, offline }) => {
    const detail = [
      downloading.length ? `téléchargement en cours : ${downloading.join(", ")}` : "",
      failed.length ? `échec du téléchargement : ${failed.join(", ")}` : "",
      never.length ? `jamais téléchargées : ${never.join(", ")}` : "",
    ].filter(Boolean);
    const head = all ? "Aucune donnée de sanctions n’a encore été téléchargée" : `${missing} listes sur ${total} n’ont pas encore de données`;
    if (offline.length)
      return `${head} (${detail.join(" ; ")}). Le dernier téléchargement n’a pas pu joindre le réseau : importez les fichiers des listes dont vous disposez (duecheck datasets import ID CHEMIN, ID parmi ${offline.join(", ")}).`;
    return `${head} (${detail.join(" ; ")}). Les recherches ne peuvent pas consulter ces listes avant leur téléchargement (duecheck datasets download --all).`;
  },
  search: {
    linksInvalid: (value) => `--links doit être un nombre entier, reçu « ${value} »`,
    insufficientCredits: (cost) =>
      `Il vous faut au moins ${cost} ${cost <= 1 ? "crédit" : "crédits"} pour effectuer une recherche. Veuillez contacter l’assistance pour ajouter des crédits.`,
    started: (id, email, credits) => `Recherche ${id} pour ${email} (${credits} crédits)`,
    stages: {
      sanctions: "consultation des listes de sanctions et de PPE",
      media: "recherche dans l’actualité",
      risk: "évaluation du risque",
      summary: "rédaction de la synthèse",
      saving: "enregistrement des résultats",
    },
    stage: (term, stage) => `Filtrage de « ${term} » : ${stage}`,
    queuedHere: "En file d’attente : ce processus exécute la recherche",
    queuedServer: "En file d’attente : en attente des processus du serveur",
    queuedWorker: "En file d’attente : en attente d’un processus",
    runningElsewhere: (term, onServer) => `Filtrage de « ${term} » ${onServer ? "sur le serveur" : "dans un autre processus"}`,
    deleted: "La recherche a été supprimée pendant son exécution",
    failed: "ÉCHEC",
    meta: (id, when, credits) => `Recherche ${id}, ${when}, ${credits} ${credits <= 1 ? "crédit" : "crédits"}`,
    sanctionsHeader: (searched, matched) => `Listes de sanctions : ${searched} consultées, ${matched} avec correspondance`,
    failedSources: "Sources qui n’ont pas pu être consultées",
  },
  history: {
    title: (email, total) => `Recherches de ${email} : ${total}`,
    teamTitle: (email, total) => `Recherches de l’équipe de ${email} : ${total}`,
    columns: { date: "DATE", name: "NOM", type: "TYPE", status: "STATUT", risk: "RISQUE", id: "ID", by: "PAR" },
    empty: "Aucun historique de recherche pour l’instant.",
    noOlder: "Aucune recherche plus ancienne.",
    older: (command) => `Recherches plus anciennes : ${command}`,
    limitInvalid: (value) => `--limit doit être un nombre entier de 1 à 100, reçu « ${value} »`,
    beforeInvalid: (value) => `--before doit être une date comme 2025-01-31 ou 2025-01-31T12:00:00Z, ou le curseur d’une page précédente, reçu « ${value} »`,
  },
  users: {
    created: (role, email, credits) => `Compte ${role} ${email} créé avec ${credits} ${credits <= 1 ? "crédit" : "crédits"}.`,
    columns: { email: "E-MAIL", name: "NOM", role: "RÔLE", credits: "CRÉDITS ORG.", status: "STATUT", twoFactor: "2FA", lastLogin: "DERNIÈRE CONNEXION" },
    roles: { admin: "administrateur", user: "utilisateur", reviewer: "réviseur", auditor: "auditeur" },
    unlimited: "illimités",
    active: "actif",
    inactive: "inactif",
    on: "oui",
    off: "non",
    never: "jamais",
    none: "Aucun utilisateur.",
  },
  credits: {
    amountInvalid: (value) => `Le montant doit être un nombre entier supérieur à 0, reçu « ${value} »`,
    added: (amount, email, balance) =>
      `${amount} ${amount <= 1 ? "crédit ajouté" : "crédits ajoutés"} à l’organisation de ${email}. Nouveau solde : ${balance}.`,
  },
  datasets: {
    columns: {
      id: "ID",
      type: "TYPE",
      format: "FORMAT",
      auto: "AUTOMATIQUE",
      status: "STATUT",
      lastDownload: "DERNIER TÉLÉCHARGEMENT",
      inUse: "EN SERVICE",
      size: "TAILLE",
      entities: "INSCRIPTIONS",
      versions: "VERSIONS",
      error: "ERREUR",
    },
    types: { sanctions: "sanctions", pep: "PPE" },
    every: (hours) => `toutes les ${hours} h`,
    off: "non",
    statuses: { success: "réussi", failed: "échec", downloading: "en cours", never: "jamais téléchargé" },
    results: { success: "réussi", not_modified: "inchangé", failed: "échec" },
    none: "Aucun jeu de données.",
    noVersion: "aucune",
    idOrAll: "Indiquez un identifiant de jeu de données ou --all (pas les deux)",
    failedLine: (id, error) => `${id} : échec : ${error}`,
    summary: (successful, failed) => `${successful} réussi(s), ${failed} en échec`,
    notModified: (id, v) => `${id} : inchangé ; la version actuelle${v ? ` (${v.date}, ${v.entities} inscriptions)` : ""} est conservée`,
    identical: (id, v) => `${id} : identique à la version actuelle ; la version actuelle${v ? ` (${v.date}, ${v.entities} inscriptions)` : ""} est conservée`,
    newVersion: (id, date, entities, size) => `${id} : nouvelle version actuelle ${date} avec ${entities} inscriptions (${size})`,
    skippedLines: (count) => `${count} ligne(s) qui n’étaient pas du JSON ignorée(s)`,
    downloadFailed: (id, message) => `Le téléchargement de ${id} a échoué : ${message}`,
    added: (type, id, format) => `Jeu de données ${id} ajouté (${type}, ${format}) ; téléchargez-le avec : duecheck datasets download ${id}`,
    urlsNow: (id) => `${id} est désormais téléchargé depuis :`,
    progressFile: (id, file, index, count) => `${id} : ${file} (fichier ${index} sur ${count})`,
    progressBytes: (id, file, received, total) => `${id} : ${file} ${received}${total ? ` sur ${total}` : ""}`,
    progressChecking: (id, files, size) => `${id} : vérification de ${files} fichiers, ${size}`,
  },
  sanctions: {
    termOrFile: "Indiquez un terme ou --file (pas les deux)",
    cannotRead: (path) => `Impossible de lire ${path}`,
    noTerms: (path) => `${path} ne contient aucun terme`,
    noData: (selection) =>
      selection === "sanctions"
        ? "Aucune donnée de sanctions n’a encore été téléchargée"
        : selection === "peps"
          ? "Aucune donnée PEP n’a encore été téléchargée"
          : `Aucune donnée n’a encore été téléchargée pour ${selection}`,
    answer: (found, term, lists) => `${found ? "Correspondance" : "Aucune correspondance"} pour « ${term} » dans ${lists}`,
    columns: {
      score: "SCORE",
      match: "CORRESPOND",
      name: "NOM",
      schema: "NATURE",
      matchedName: "TROUVÉ SOUS",
      birth: "NAISSANCE",
      nationality: "NATIONALITÉ",
      datasets: "JEUX DE DONNÉES",
    },
    yes: "oui",
    no: "non",
  },
  batch: {
    cannotRead: (path) => `Impossible de lire ${path}`,
    notFound: (id) => `Aucun lot ${id} de cet utilisateur`,
    notCsv: "Veuillez téléverser un fichier CSV (le nom du fichier doit se terminer par .csv)",
    fileRefused: (path, reason) => `${path} a été refusé, rien n’a été débité : ${reason}`,
    insufficientCredits: (rows, required, available) =>
      `Crédits insuffisants : ce lot de ${rows} ${rows === 1 ? "entité" : "entités"} nécessite ${required} crédits, le solde est de ${available}. Rien n’a été débité.`,
    started: (id, email, rows, credits) => `Lot ${id} pour ${email} : ${rows} ${rows === 1 ? "entité" : "entités"} (${credits} crédits)`,
    detached: (id) => `Suivez-le avec : duecheck batch show ${id}`,
    waiting: "En file d’attente : en attente d’un worker",
    progress: ({ done, total, failed, rate, etaSeconds }) =>
      `${done}/${total} lignes · ${rate.toLocaleString("fr", { minimumFractionDigits: 1, maximumFractionDigits: 1 })} lignes/s · ${etaSeconds === undefined ? "reste –" : `reste ${duration(etaSeconds)}`} · ${failed} en échec`,
    summary: (name, id, status) => `Lot « ${name} » (${id}) : ${status}`,
    counts: (total, processed, failed) => `${total} ${total === 1 ? "entité" : "entités"} : ${processed} analysées, ${failed} en échec`,
    risks: (counts) => `Risque : ${counts}`,
    failedRows: (failed) => `${failed} ${failed === 1 ? "entité n’a pas pu être traitée" : "entités n’ont pas pu être traitées"}`,
    columns: {
      name: "NOM",
      status: "STATUT",
      entities: "ENTITÉS",
      processed: "TRAITÉES",
      failed: "EN ÉCHEC",
      created: "CRÉÉ",
      completed: "TERMINÉ",
      id: "ID",
      term: "TERME",
      type: "TYPE",
      risk: "RISQUE",
      sanctions: "CORRESPONDANCES SANCTIONS",
      media: "MÉDIAS",
      searchId: "ID DE RECHERCHE",
      owner: "PROPRIÉTAIRE",
    },
    empty: "Aucun lot pour l’instant. Lancez-en un avec : duecheck batch run FICHIER.csv",
    noResults: "Aucun résultat.",
    /** A media count when no news source answered. */
    mediaNotChecked: "non vérifié",
    more: (command) => `Suite : ${command}`,
    limitInvalid: (value) => `--limit doit être un nombre entier de 1 à 100, reçu : '${value}'`,
    cursorInvalid: (value) => `--cursor doit être le curseur affiché par une page précédente, reçu : '${value}'`,
    formatInvalid: (value) => `--format doit être csv, xlsx ou pdf, reçu : '${value}'`,
    exported: (name, path) => `Lot « ${name} » exporté vers ${path}`,
    cannotWrite: (path, reason) => `Impossible d’écrire ${path} : ${reason}`,
  },
  db: { migrated: (database) => `Migrations appliquées : ${database}` },
  serve: {
    running: (url) => `duecheck fonctionne à l’adresse ${url}`,
    database: (description) => `Base de données : ${description}`,
    firstAdmin: "Le premier compte administrateur a été créé :",
    email: "e-mail :",
    password: "mot de passe :",
    passwordOnce: "(affiché une seule fois : notez-le, puis changez-le dans Profil > Sécurité)",
    passwordFromEnv: "la valeur de DUECHECK_ADMIN_PASSWORD",
    signIn: (url) => `Connectez-vous sur ${url}/login ou créez un compte sur ${url}/register.`,
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
