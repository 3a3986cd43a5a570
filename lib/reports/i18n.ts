import type { MediaCategory, RiskLevel, SourceStatus } from "../screening/results.ts";
import type { ReportLanguage } from "../screening/summary/phrasebook.ts";

/** The words of a batch's exports (CSV, Excel, the PDF summary); shared words come from ReportLabels itself. */
export interface BatchLabels {
  title: string;
  name: string;
  batchId: string;
  owner: string;
  statuses: Record<"pending" | "processing" | "completed" | "failed", string>;
  createdAt: string;
  completedAt: string;
  totalEntities: string;
  processed: string;
  failed: string;
  /** Rows not finished when the export was made. */
  unfinished: string;
  riskCounts: string;
  /** Said on an export of a batch still running. */
  stillRunning: string;
  notCheckedTitle: string;
  /** How many of the batch's entities a source could not be checked for. */
  entitiesAffected: string;
  attentionTitle: string;
  attentionIntro: string;
  attentionNone: string;
  /** The attention table was cut: `count` is already formatted. */
  more: (count: string) => string;
  columns: {
    sanctionsLists: string;
    sanctionsNames: string;
    mediaCount: string;
    negativeMedia: string;
    /** A narrow column: articles, and the negative ones in brackets. */
    mediaWithNegative: string;
    mediaChecked: string;
    notChecked: string;
    createdAt: string;
    finishedAt: string;
    notes: string;
  };
  resultsSheet: string;
}

/** The words of the daily activity report's exports (PDF, Excel). */
export interface DailyLabels {
  title: string;
  reportDate: string;
  scope: string;
  scopes: { organisation: string; user: string };
  timeZone: string;
  status: string;
  statuses: Record<"pending" | "completed" | "failed", string>;
  totalSearches: string;
  manualSearches: string;
  automatedSearches: string;
  creditsUsed: string;
  uniqueUsers: string;
  highRiskFindings: string;
  riskDistribution: string;
  searchesByHour: string;
  byEntityType: string;
  byRiskLevel: string;
  statistics: string;
  successRate: string;
  peakHour: string;
  averagePerUser: string;
  sanctionsHits: string;
  adverseMediaHits: string;
  topTerms: string;
  term: string;
  count: string;
  searchesTitle: string;
  mode: string;
  manual: string;
  automated: string;
  time: string;
  noSearches: string;
  /** The report keeps the latest searches only: `count` (formatted) is how many of the day's it holds. */
  latestOnly: (count: string) => string;
  figure: string;
  value: string;
  hour: string;
  sheets: { overview: string; searchDetails: string; statistics: string; dailyRows: string };
}

/** The words of a monitored entity's changes report (PDF). */
export interface MonitoringLabels {
  title: string;
  entityId: string;
  frequency: string;
  frequencies: Record<"daily" | "weekly" | "monthly", string>;
  checkedAt: string;
  changedAt: string;
  comparedWith: string;
  riskBefore: string;
  riskAfter: string;
  addedMatches: string;
  removedMatches: string;
  newMedia: string;
  notCheckedTitle: string;
  notCheckedNote: string;
  listedEntity: string;
  noChanges: string;
  trigger: string;
  triggers: Record<"schedule" | "list_update" | "manual", string>;
}

/** The words of an exported search report. */
export interface ReportLabels {
  title: string;
  confidential: string;
  generatedAt: string;
  searchTerm: string;
  entityType: string;
  entity: Record<"person" | "company", string>;
  searchDate: string;
  requestedBy: string;
  searchId: string;
  mediaLanguage: string;
  country: string;
  riskLevel: string;
  risk: Record<RiskLevel, string>;
  reasons: string;
  alertPep: string;
  alertHighRisk: string;
  alertClean: string;
  notClean: string;
  sanctionsMatches: string;
  adverseMediaCount: string;
  summaryTitle: string;
  summaryByModel: string;
  summaryBuiltIn: string;
  sanctionsTitle: (n: number) => string;
  matchFound: string;
  noMatch: string;
  source: string;
  match: string;
  details: string;
  lastUpdated: string;
  entityCount: string;
  link: string;
  matchedEntity: string;
  matchedAs: string;
  score: string;
  programs: string;
  nationality: string;
  birthDate: string;
  differences: string;
  pepTitle: string;
  pepNone: string;
  /** The counter of PEP listings. */
  pepListings: string;
  listVersion: string;
  /** Every news provider failed: said instead of "no articles". */
  mediaNotChecked: string;
  /** The badge of the failed-sources reason, instead of a risk level. */
  notChecked: string;
  /** The model wrote its summary in another language; the built-in one is shown. */
  summaryOtherLanguage: string;
  mediaTitle: (n: number) => string;
  noMedia: string;
  articleTitle: string;
  category: string;
  categories: Record<MediaCategory, string>;
  date: string;
  summary: string;
  negative: string;
  yes: string;
  no: string;
  datasetsTitle: string;
  dataset: string;
  type: string;
  datasetType: Record<"sanctions" | "pep", string>;
  versionDate: string;
  entities: string;
  sourcesTitle: string;
  kind: string;
  kinds: Record<SourceStatus["kind"], string>;
  status: string;
  statuses: Record<SourceStatus["status"], string>;
  error: string;
  failedNotice: string;
  none: string;
  page: (n: number, total: number) => string;
  sheets: { summary: string; sanctions: string; pep: string; media: string; sources: string };
  batch: BatchLabels;
  monitoring: MonitoringLabels;
  daily: DailyLabels;
}

const en: ReportLabels = {
  title: "Due Diligence Screening Report",
  confidential: "Confidential — for compliance use only",
  generatedAt: "Generated",
  searchTerm: "Search term",
  entityType: "Entity type",
  entity: { person: "Person", company: "Company" },
  searchDate: "Search date",
  requestedBy: "Requested by",
  searchId: "Search ID",
  mediaLanguage: "Media language",
  country: "Country",
  riskLevel: "Risk level",
  risk: { critical: "Critical Risk", high: "High Risk", medium: "Medium Risk", low: "Low Risk" },
  reasons: "Reasons",
  alertPep: "PEP Status Detected",
  alertHighRisk: "High Risk Indicators",
  alertClean: "Clean Profile",
  notClean: "Not clean: findings or unchecked sources",
  sanctionsMatches: "Sanctions Matches",
  adverseMediaCount: "Adverse Media",
  summaryTitle: "Comprehensive Due Diligence Analysis",
  summaryByModel: "Written by the language model from the structured findings of this report.",
  summaryBuiltIn: "Written from the structured findings of this report by the built-in analysis.",
  sanctionsTitle: (n) => `Sanctions Database Search (${n} ${n === 1 ? "database" : "databases"})`,
  matchFound: "Match Found",
  noMatch: "No Match",
  source: "Source",
  match: "Match",
  details: "Details",
  lastUpdated: "Last updated",
  entityCount: "Matched entities",
  link: "Link",
  matchedEntity: "Matched entity",
  matchedAs: "Matched as",
  score: "Score",
  programs: "Programs",
  nationality: "Nationality",
  birthDate: "Birth date",
  differences: "Differences",
  pepTitle: "PEP Status",
  pepNone: "No politically exposed person (PEP) listing was found.",
  pepListings: "PEP Listings",
  listVersion: "List version",
  mediaNotChecked: "Adverse media could not be checked: no news provider answered.",
  notChecked: "Not checked",
  summaryOtherLanguage: "The language model wrote its analysis in another language; shown here is the built-in analysis of the same findings.",
  mediaTitle: (n) => `Adverse Media (${n} ${n === 1 ? "article" : "articles"})`,
  noMedia: "No adverse media articles found",
  articleTitle: "Title",
  category: "Category",
  categories: {
    negative: "Negative",
    PEP: "PEP",
    positive: "Positive",
    criminal: "Criminal",
    sanctions: "Sanctions",
    corruption: "Corruption",
    others: "Other",
  },
  date: "Date",
  summary: "Summary",
  negative: "Adverse",
  yes: "Yes",
  no: "No",
  datasetsTitle: "Datasets and Versions Used",
  dataset: "Dataset",
  type: "Type",
  datasetType: { sanctions: "Sanctions", pep: "PEP" },
  versionDate: "Version date",
  entities: "Entities",
  sourcesTitle: "Sources Checked",
  kind: "Kind",
  kinds: { sanctions: "Sanctions list", pep: "PEP list", media: "News", classifier: "Article classifier", summary: "Summary" },
  status: "Status",
  statuses: { ok: "Answered", failed: "Failed" },
  error: "Error",
  failedNotice: "Some sources could not be checked: the result is incomplete and is not reported as clean.",
  none: "None",
  page: (n, total) => `Page ${n} of ${total}`,
  sheets: { summary: "Summary", sanctions: "Sanctions", pep: "PEP", media: "Media", sources: "Sources" },
  batch: {
    title: "Batch Screening Summary",
    name: "Batch",
    batchId: "Batch ID",
    owner: "Owner",
    statuses: { pending: "Pending", processing: "Processing", completed: "Completed", failed: "Failed" },
    createdAt: "Created",
    completedAt: "Completed",
    totalEntities: "Entities",
    processed: "Screened",
    failed: "Failed",
    unfinished: "Not finished yet",
    riskCounts: "Risk levels",
    stillRunning: "This batch was still running when the export was made: entities not finished yet are listed as pending or processing.",
    notCheckedTitle: "Sources That Could Not Be Checked",
    entitiesAffected: "Entities affected",
    attentionTitle: "Entities That Need Attention",
    attentionIntro: "Critical and high risk first, then medium risk, then entities that could not be screened.",
    attentionNone: "No entity needs attention: none is critical, high or medium risk, and none failed.",
    more: (count) => `and ${count} more: see the CSV or Excel export`,
    columns: {
      sanctionsLists: "Sanctions lists matched",
      sanctionsNames: "Matched listings",
      mediaCount: "Adverse media articles",
      negativeMedia: "Negative articles",
      mediaWithNegative: "Media (negative)",
      mediaChecked: "Adverse media checked",
      notChecked: "Sources not checked",
      createdAt: "Created",
      finishedAt: "Finished",
      notes: "Not checked or error",
    },
    resultsSheet: "Results",
  },
  monitoring: {
    title: "Monitoring: changes found",
    entityId: "Monitored entity ID",
    frequency: "Frequency",
    frequencies: { daily: "Daily", weekly: "Weekly", monthly: "Monthly" },
    checkedAt: "Checked",
    changedAt: "Changes found",
    comparedWith: "Compared with the check of",
    riskBefore: "Risk level before",
    riskAfter: "Risk level now",
    addedMatches: "New sanctions matches",
    removedMatches: "Sanctions matches no longer listed",
    newMedia: "New negative or PEP findings",
    notCheckedTitle: "Could not be checked",
    notCheckedNote: "These sources did not answer in this check: they were not compared, and their previous findings are kept.",
    listedEntity: "Listed entity ID",
    noChanges: "No changes were found between the last two checks.",
    trigger: "Checked because of",
    triggers: { schedule: "the schedule", list_update: "a new version of a list", manual: "a request" },
  },
  daily: {
    title: "Daily Activity Report",
    reportDate: "Report date",
    scope: "Scope",
    scopes: { organisation: "Whole organisation", user: "Own activity" },
    timeZone: "Time zone",
    status: "Status",
    statuses: { pending: "Being generated", completed: "Completed", failed: "Failed" },
    totalSearches: "Total searches",
    manualSearches: "Manual searches",
    automatedSearches: "Automated searches",
    creditsUsed: "Credits used",
    uniqueUsers: "Unique users",
    highRiskFindings: "High-risk findings",
    riskDistribution: "Risk distribution",
    searchesByHour: "Searches by hour of the day",
    byEntityType: "Searches by entity type",
    byRiskLevel: "Searches by risk level",
    statistics: "Statistics",
    successRate: "Success rate",
    peakHour: "Peak hour",
    averagePerUser: "Average searches per user",
    sanctionsHits: "Sanctions hits",
    adverseMediaHits: "Adverse media hits",
    topTerms: "Top search terms",
    term: "Term",
    count: "Searches",
    searchesTitle: "Searches of the day",
    mode: "Mode",
    manual: "Manual",
    automated: "Automated",
    time: "Time",
    noSearches: "No searches on this day.",
    latestOnly: (count) => `The latest ${count} searches of the day; the app lists all of them.`,
    figure: "Figure",
    value: "Value",
    hour: "Hour",
    sheets: { overview: "Overview", searchDetails: "Search Details", statistics: "Statistics", dailyRows: "Daily Rows" },
  },
};

const de: ReportLabels = {
  title: "Due-Diligence-Prüfbericht",
  confidential: "Vertraulich — nur für Compliance-Zwecke",
  generatedAt: "Erstellt",
  searchTerm: "Suchbegriff",
  entityType: "Art",
  entity: { person: "Person", company: "Unternehmen" },
  searchDate: "Suchdatum",
  requestedBy: "Angefordert von",
  searchId: "Such-ID",
  mediaLanguage: "Mediensprache",
  country: "Land",
  riskLevel: "Risikostufe",
  risk: { critical: "Kritisches Risiko", high: "Hohes Risiko", medium: "Mittleres Risiko", low: "Niedriges Risiko" },
  reasons: "Gründe",
  alertPep: "PEP-Status erkannt",
  alertHighRisk: "Hohe Risikoindikatoren",
  alertClean: "Unauffälliges Profil",
  notClean: "Nicht unauffällig: Befunde oder ungeprüfte Quellen",
  sanctionsMatches: "Sanktionstreffer",
  adverseMediaCount: "Negative Medienberichte",
  summaryTitle: "Umfassende Due-Diligence-Analyse",
  summaryByModel: "Vom Sprachmodell aus den strukturierten Befunden dieses Berichts verfasst.",
  summaryBuiltIn: "Von der integrierten Analyse aus den strukturierten Befunden dieses Berichts verfasst.",
  sanctionsTitle: (n) => `Suche in Sanktionsdatenbanken (${n} ${n === 1 ? "Datenbank" : "Datenbanken"})`,
  matchFound: "Treffer gefunden",
  noMatch: "Kein Treffer",
  source: "Quelle",
  match: "Treffer",
  details: "Details",
  lastUpdated: "Zuletzt aktualisiert",
  entityCount: "Gefundene Einträge",
  link: "Link",
  matchedEntity: "Gefundener Eintrag",
  matchedAs: "Gefunden als",
  score: "Übereinstimmung",
  programs: "Programme",
  nationality: "Staatsangehörigkeit",
  birthDate: "Geburtsdatum",
  differences: "Abweichungen",
  pepTitle: "PEP-Status",
  pepNone: "Es wurde kein Eintrag als politisch exponierte Person (PEP) gefunden.",
  pepListings: "PEP-Einträge",
  listVersion: "Listenstand",
  mediaNotChecked: "Negative Medienberichte konnten nicht geprüft werden: Kein Nachrichtenanbieter hat geantwortet.",
  notChecked: "Nicht geprüft",
  summaryOtherLanguage: "Das Sprachmodell hat seine Analyse in einer anderen Sprache verfasst; hier steht die integrierte Analyse derselben Befunde.",
  mediaTitle: (n) => `Negative Medienberichte (${n} ${n === 1 ? "Artikel" : "Artikel"})`,
  noMedia: "Keine negativen Medienberichte gefunden",
  articleTitle: "Titel",
  category: "Kategorie",
  categories: {
    negative: "Negativ",
    PEP: "PEP",
    positive: "Positiv",
    criminal: "Kriminell",
    sanctions: "Sanktionen",
    corruption: "Korruption",
    others: "Sonstiges",
  },
  date: "Datum",
  summary: "Zusammenfassung",
  negative: "Negativ",
  yes: "Ja",
  no: "Nein",
  datasetsTitle: "Verwendete Datensätze und Versionen",
  dataset: "Datensatz",
  type: "Typ",
  datasetType: { sanctions: "Sanktionen", pep: "PEP" },
  versionDate: "Versionsdatum",
  entities: "Einträge",
  sourcesTitle: "Geprüfte Quellen",
  kind: "Art",
  kinds: { sanctions: "Sanktionsliste", pep: "PEP-Liste", media: "Nachrichten", classifier: "Artikelklassifizierung", summary: "Zusammenfassung" },
  status: "Status",
  statuses: { ok: "Beantwortet", failed: "Fehlgeschlagen" },
  error: "Fehler",
  failedNotice: "Einige Quellen konnten nicht geprüft werden: Das Ergebnis ist unvollständig und gilt nicht als unauffällig.",
  none: "Keine",
  page: (n, total) => `Seite ${n} von ${total}`,
  sheets: { summary: "Zusammenfassung", sanctions: "Sanktionen", pep: "PEP", media: "Medien", sources: "Quellen" },
  batch: {
    title: "Zusammenfassung der Stapelprüfung",
    name: "Stapel",
    batchId: "Stapel-ID",
    owner: "Inhaber",
    statuses: { pending: "Wartend", processing: "Läuft", completed: "Abgeschlossen", failed: "Fehlgeschlagen" },
    createdAt: "Erstellt",
    completedAt: "Abgeschlossen",
    totalEntities: "Einträge",
    processed: "Geprüft",
    failed: "Fehlgeschlagen",
    unfinished: "Noch nicht fertig",
    riskCounts: "Risikostufen",
    stillRunning: "Dieser Stapel lief noch, als der Export erstellt wurde: Noch nicht fertige Einträge sind als wartend oder laufend aufgeführt.",
    notCheckedTitle: "Quellen, die nicht geprüft werden konnten",
    entitiesAffected: "Betroffene Einträge",
    attentionTitle: "Einträge, die Aufmerksamkeit erfordern",
    attentionIntro: "Zuerst kritisches und hohes Risiko, dann mittleres Risiko, dann Einträge, die nicht geprüft werden konnten.",
    attentionNone: "Kein Eintrag erfordert Aufmerksamkeit: Keiner hat ein kritisches, hohes oder mittleres Risiko, und keiner ist fehlgeschlagen.",
    more: (count) => `und ${count} weitere: siehe den CSV- oder Excel-Export`,
    columns: {
      sanctionsLists: "Sanktionslisten mit Treffer",
      sanctionsNames: "Gefundene Einträge",
      mediaCount: "Medienberichte",
      negativeMedia: "Negative Berichte",
      mediaWithNegative: "Medien (negativ)",
      mediaChecked: "Medien geprüft",
      notChecked: "Nicht geprüfte Quellen",
      createdAt: "Erstellt",
      finishedAt: "Beendet",
      notes: "Nicht geprüft oder Fehler",
    },
    resultsSheet: "Ergebnisse",
  },
  monitoring: {
    title: "Überwachung: gefundene Änderungen",
    entityId: "ID des überwachten Eintrags",
    frequency: "Häufigkeit",
    frequencies: { daily: "Täglich", weekly: "Wöchentlich", monthly: "Monatlich" },
    checkedAt: "Geprüft",
    changedAt: "Änderungen gefunden",
    comparedWith: "Verglichen mit der Prüfung vom",
    riskBefore: "Risikostufe vorher",
    riskAfter: "Risikostufe jetzt",
    addedMatches: "Neue Sanktionstreffer",
    removedMatches: "Nicht mehr gelistete Sanktionstreffer",
    newMedia: "Neue negative oder PEP-Befunde",
    notCheckedTitle: "Konnte nicht geprüft werden",
    notCheckedNote: "Diese Quellen haben bei dieser Prüfung nicht geantwortet: Sie wurden nicht verglichen, ihre bisherigen Befunde bleiben erhalten.",
    listedEntity: "ID des gelisteten Eintrags",
    noChanges: "Zwischen den letzten beiden Prüfungen wurden keine Änderungen gefunden.",
    trigger: "Geprüft wegen",
    triggers: { schedule: "des Zeitplans", list_update: "einer neuen Version einer Liste", manual: "einer Anfrage" },
  },
  daily: {
    title: "Täglicher Aktivitätsbericht",
    reportDate: "Berichtsdatum",
    scope: "Umfang",
    scopes: { organisation: "Gesamte Organisation", user: "Eigene Aktivität" },
    timeZone: "Zeitzone",
    status: "Status",
    statuses: { pending: "Wird erstellt", completed: "Abgeschlossen", failed: "Fehlgeschlagen" },
    totalSearches: "Suchen gesamt",
    manualSearches: "Manuelle Suchen",
    automatedSearches: "Automatische Suchen",
    creditsUsed: "Verbrauchte Credits",
    uniqueUsers: "Aktive Benutzer",
    highRiskFindings: "Funde mit hohem Risiko",
    riskDistribution: "Risikoverteilung",
    searchesByHour: "Suchen nach Tageszeit",
    byEntityType: "Suchen nach Entitätstyp",
    byRiskLevel: "Suchen nach Risikostufe",
    statistics: "Statistiken",
    successRate: "Erfolgsquote",
    peakHour: "Spitzenstunde",
    averagePerUser: "Durchschnittliche Suchen pro Benutzer",
    sanctionsHits: "Sanktionstreffer",
    adverseMediaHits: "Negative Medienberichte",
    topTerms: "Häufigste Suchbegriffe",
    term: "Begriff",
    count: "Suchen",
    searchesTitle: "Suchen des Tages",
    mode: "Art",
    manual: "Manuell",
    automated: "Automatisch",
    time: "Uhrzeit",
    noSearches: "An diesem Tag gab es keine Suchen.",
    latestOnly: (count) => `Die letzten ${count} Suchen des Tages; die App zeigt alle.`,
    figure: "Kennzahl",
    value: "Wert",
    hour: "Stunde",
    sheets: { overview: "Übersicht", searchDetails: "Suchdetails", statistics: "Statistiken", dailyRows: "Tageswerte" },
  },
};

const es: ReportLabels = {
  title: "Informe de diligencia debida",
  confidential: "Confidencial — solo para uso de cumplimiento",
  generatedAt: "Generado",
  searchTerm: "Término de búsqueda",
  entityType: "Tipo de entidad",
  entity: { person: "Persona", company: "Empresa" },
  searchDate: "Fecha de búsqueda",
  requestedBy: "Solicitado por",
  searchId: "ID de búsqueda",
  mediaLanguage: "Idioma de prensa",
  country: "País",
  riskLevel: "Nivel de riesgo",
  risk: { critical: "Riesgo crítico", high: "Riesgo alto", medium: "Riesgo medio", low: "Riesgo bajo" },
  reasons: "Motivos",
  alertPep: "Condición de PEP detectada",
  alertHighRisk: "Indicadores de alto riesgo",
  alertClean: "Perfil limpio",
  notClean: "No limpio: hallazgos o fuentes sin consultar",
  sanctionsMatches: "Coincidencias en sanciones",
  adverseMediaCount: "Prensa adversa",
  summaryTitle: "Análisis integral de diligencia debida",
  summaryByModel: "Redactado por el modelo de lenguaje a partir de los hallazgos estructurados de este informe.",
  summaryBuiltIn: "Redactado por el análisis integrado a partir de los hallazgos estructurados de este informe.",
  sanctionsTitle: (n) => `Búsqueda en bases de datos de sanciones (${n} ${n === 1 ? "base de datos" : "bases de datos"})`,
  matchFound: "Coincidencia encontrada",
  noMatch: "Sin coincidencia",
  source: "Fuente",
  match: "Coincidencia",
  details: "Detalles",
  lastUpdated: "Última actualización",
  entityCount: "Registros coincidentes",
  link: "Enlace",
  matchedEntity: "Registro coincidente",
  matchedAs: "Encontrado como",
  score: "Puntuación",
  programs: "Programas",
  nationality: "Nacionalidad",
  birthDate: "Fecha de nacimiento",
  differences: "Diferencias",
  pepTitle: "Condición de PEP",
  pepNone: "No se encontró ningún registro como persona del medio político (PEP).",
  pepListings: "Registros PEP",
  listVersion: "Versión de la lista",
  mediaNotChecked: "No se pudo consultar la prensa adversa: ningún proveedor de noticias respondió.",
  notChecked: "Sin consultar",
  summaryOtherLanguage: "El modelo de lenguaje redactó su análisis en otro idioma; aquí figura el análisis integrado de los mismos hallazgos.",
  mediaTitle: (n) => `Prensa adversa (${n} ${n === 1 ? "artículo" : "artículos"})`,
  noMedia: "No se encontraron artículos de prensa adversa",
  articleTitle: "Título",
  category: "Categoría",
  categories: {
    negative: "Negativo",
    PEP: "PEP",
    positive: "Positivo",
    criminal: "Delictivo",
    sanctions: "Sanciones",
    corruption: "Corrupción",
    others: "Otros",
  },
  date: "Fecha",
  summary: "Resumen",
  negative: "Adverso",
  yes: "Sí",
  no: "No",
  datasetsTitle: "Conjuntos de datos y versiones utilizados",
  dataset: "Conjunto de datos",
  type: "Tipo",
  datasetType: { sanctions: "Sanciones", pep: "PEP" },
  versionDate: "Fecha de versión",
  entities: "Registros",
  sourcesTitle: "Fuentes consultadas",
  kind: "Clase",
  kinds: { sanctions: "Lista de sanciones", pep: "Lista PEP", media: "Noticias", classifier: "Clasificador de artículos", summary: "Resumen" },
  status: "Estado",
  statuses: { ok: "Respondió", failed: "Falló" },
  error: "Error",
  failedNotice: "Algunas fuentes no pudieron consultarse: el resultado es incompleto y no se considera limpio.",
  none: "Ninguno",
  page: (n, total) => `Página ${n} de ${total}`,
  sheets: { summary: "Resumen", sanctions: "Sanciones", pep: "PEP", media: "Prensa", sources: "Fuentes" },
  batch: {
    title: "Resumen del lote de verificación",
    name: "Lote",
    batchId: "ID del lote",
    owner: "Titular",
    statuses: { pending: "Pendiente", processing: "En curso", completed: "Completado", failed: "Fallido" },
    createdAt: "Creado",
    completedAt: "Completado",
    totalEntities: "Entidades",
    processed: "Verificadas",
    failed: "Fallidas",
    unfinished: "Sin terminar",
    riskCounts: "Niveles de riesgo",
    stillRunning: "Este lote seguía en curso cuando se hizo la exportación: las entidades sin terminar figuran como pendientes o en curso.",
    notCheckedTitle: "Fuentes que no pudieron consultarse",
    entitiesAffected: "Entidades afectadas",
    attentionTitle: "Entidades que requieren atención",
    attentionIntro: "Primero riesgo crítico y alto, después riesgo medio y, por último, las entidades que no pudieron verificarse.",
    attentionNone: "Ninguna entidad requiere atención: ninguna tiene riesgo crítico, alto o medio, y ninguna falló.",
    more: (count) => `y ${count} más: consulte la exportación CSV o Excel`,
    columns: {
      sanctionsLists: "Listas de sanciones con coincidencia",
      sanctionsNames: "Registros coincidentes",
      mediaCount: "Artículos de prensa",
      negativeMedia: "Artículos negativos",
      mediaWithNegative: "Prensa (negativos)",
      mediaChecked: "Prensa consultada",
      notChecked: "Fuentes sin consultar",
      createdAt: "Creada",
      finishedAt: "Terminada",
      notes: "Sin consultar o error",
    },
    resultsSheet: "Resultados",
  },
  monitoring: {
    title: "Supervisión: cambios encontrados",
    entityId: "ID de la entidad supervisada",
    frequency: "Frecuencia",
    frequencies: { daily: "Diaria", weekly: "Semanal", monthly: "Mensual" },
    checkedAt: "Comprobado",
    changedAt: "Cambios encontrados",
    comparedWith: "Comparado con la comprobación del",
    riskBefore: "Nivel de riesgo anterior",
    riskAfter: "Nivel de riesgo actual",
    addedMatches: "Nuevas coincidencias en listas de sanciones",
    removedMatches: "Coincidencias de sanciones que ya no figuran",
    newMedia: "Nuevos hallazgos negativos o PEP",
    notCheckedTitle: "No se pudo comprobar",
    notCheckedNote: "Estas fuentes no respondieron en esta comprobación: no se compararon y se conservan sus hallazgos anteriores.",
    listedEntity: "ID de la entidad listada",
    noChanges: "No se encontraron cambios entre las dos últimas comprobaciones.",
    trigger: "Comprobado por",
    triggers: { schedule: "la programación", list_update: "una nueva versión de una lista", manual: "una solicitud" },
  },
  daily: {
    title: "Informe diario de actividad",
    reportDate: "Fecha del informe",
    scope: "Alcance",
    scopes: { organisation: "Toda la organización", user: "Actividad propia" },
    timeZone: "Zona horaria",
    status: "Estado",
    statuses: { pending: "Generándose", completed: "Completado", failed: "Fallido" },
    totalSearches: "Búsquedas totales",
    manualSearches: "Búsquedas manuales",
    automatedSearches: "Búsquedas automáticas",
    creditsUsed: "Créditos usados",
    uniqueUsers: "Usuarios únicos",
    highRiskFindings: "Hallazgos de alto riesgo",
    riskDistribution: "Distribución del riesgo",
    searchesByHour: "Búsquedas por hora del día",
    byEntityType: "Búsquedas por tipo de entidad",
    byRiskLevel: "Búsquedas por nivel de riesgo",
    statistics: "Estadísticas",
    successRate: "Tasa de éxito",
    peakHour: "Hora punta",
    averagePerUser: "Búsquedas medias por usuario",
    sanctionsHits: "Coincidencias en sanciones",
    adverseMediaHits: "Noticias negativas",
    topTerms: "Términos más buscados",
    term: "Término",
    count: "Búsquedas",
    searchesTitle: "Búsquedas del día",
    mode: "Modo",
    manual: "Manual",
    automated: "Automática",
    time: "Hora",
    noSearches: "No hubo búsquedas este día.",
    latestOnly: (count) => `Las últimas ${count} búsquedas del día; la aplicación las muestra todas.`,
    figure: "Indicador",
    value: "Valor",
    hour: "Hora",
    sheets: { overview: "Resumen", searchDetails: "Detalle de búsquedas", statistics: "Estadísticas", dailyRows: "Filas diarias" },
  },
};

const fr: ReportLabels = {
  title: "Rapport de vigilance (due diligence)",
  confidential: "Confidentiel — réservé à la conformité",
  generatedAt: "Généré le",
  searchTerm: "Terme recherché",
  entityType: "Type d’entité",
  entity: { person: "Personne", company: "Entreprise" },
  searchDate: "Date de la recherche",
  requestedBy: "Demandé par",
  searchId: "ID de recherche",
  mediaLanguage: "Langue des médias",
  country: "Pays",
  riskLevel: "Niveau de risque",
  risk: { critical: "Risque critique", high: "Risque élevé", medium: "Risque moyen", low: "Risque faible" },
  reasons: "Motifs",
  alertPep: "Statut PPE détecté",
  alertHighRisk: "Indicateurs de risque élevé",
  alertClean: "Profil sans anomalie",
  notClean: "Pas sans anomalie : constats ou sources non consultées",
  sanctionsMatches: "Correspondances sanctions",
  adverseMediaCount: "Médias défavorables",
  summaryTitle: "Analyse de vigilance approfondie",
  summaryByModel: "Rédigée par le modèle de langage à partir des constats structurés de ce rapport.",
  summaryBuiltIn: "Rédigée par l’analyse intégrée à partir des constats structurés de ce rapport.",
  sanctionsTitle: (n) => `Recherche dans les bases de sanctions (${n} ${n === 1 ? "base" : "bases"})`,
  matchFound: "Correspondance trouvée",
  noMatch: "Aucune correspondance",
  source: "Source",
  match: "Correspondance",
  details: "Détails",
  lastUpdated: "Dernière mise à jour",
  entityCount: "Inscriptions correspondantes",
  link: "Lien",
  matchedEntity: "Inscription correspondante",
  matchedAs: "Trouvé sous",
  score: "Score",
  programs: "Programmes",
  nationality: "Nationalité",
  birthDate: "Date de naissance",
  differences: "Différences",
  pepTitle: "Statut PPE",
  pepNone: "Aucune inscription comme personne politiquement exposée (PPE) n’a été trouvée.",
  pepListings: "Inscriptions PPE",
  listVersion: "Version de la liste",
  mediaNotChecked: "Les médias défavorables n’ont pas pu être consultés : aucun fournisseur d’actualités n’a répondu.",
  notChecked: "Non consulté",
  summaryOtherLanguage: "Le modèle de langage a rédigé son analyse dans une autre langue ; voici l’analyse intégrée des mêmes constats.",
  mediaTitle: (n) => `Médias défavorables (${n} ${n === 1 ? "article" : "articles"})`,
  noMedia: "Aucun article de presse défavorable trouvé",
  articleTitle: "Titre",
  category: "Catégorie",
  categories: {
    negative: "Négatif",
    PEP: "PPE",
    positive: "Positif",
    criminal: "Criminel",
    sanctions: "Sanctions",
    corruption: "Corruption",
    others: "Autres",
  },
  date: "Date",
  summary: "Résumé",
  negative: "Défavorable",
  yes: "Oui",
  no: "Non",
  datasetsTitle: "Jeux de données et versions utilisés",
  dataset: "Jeu de données",
  type: "Type",
  datasetType: { sanctions: "Sanctions", pep: "PPE" },
  versionDate: "Date de version",
  entities: "Inscriptions",
  sourcesTitle: "Sources consultées",
  kind: "Nature",
  kinds: { sanctions: "Liste de sanctions", pep: "Liste PPE", media: "Actualités", classifier: "Classement des articles", summary: "Synthèse" },
  status: "Statut",
  statuses: { ok: "A répondu", failed: "Échec" },
  error: "Erreur",
  failedNotice: "Certaines sources n’ont pas pu être consultées : le résultat est incomplet et n’est pas considéré comme sans anomalie.",
  none: "Aucune",
  page: (n, total) => `Page ${n} sur ${total}`,
  sheets: { summary: "Synthèse", sanctions: "Sanctions", pep: "PPE", media: "Médias", sources: "Sources" },
  batch: {
    title: "Synthèse du lot de vérification",
    name: "Lot",
    batchId: "ID du lot",
    owner: "Titulaire",
    statuses: { pending: "En attente", processing: "En cours", completed: "Terminé", failed: "Échec" },
    createdAt: "Créé le",
    completedAt: "Terminé le",
    totalEntities: "Entités",
    processed: "Vérifiées",
    failed: "En échec",
    unfinished: "Pas encore terminées",
    riskCounts: "Niveaux de risque",
    stillRunning: "Ce lot était encore en cours lors de l’export : les entités pas encore terminées figurent comme en attente ou en cours.",
    notCheckedTitle: "Sources qui n’ont pas pu être consultées",
    entitiesAffected: "Entités concernées",
    attentionTitle: "Entités à examiner",
    attentionIntro: "D’abord les risques critiques et élevés, puis les risques moyens, puis les entités qui n’ont pas pu être vérifiées.",
    attentionNone: "Aucune entité à examiner : aucune n’a un risque critique, élevé ou moyen, et aucune n’a échoué.",
    more: (count) => `et ${count} de plus : voir l’export CSV ou Excel`,
    columns: {
      sanctionsLists: "Listes de sanctions avec correspondance",
      sanctionsNames: "Inscriptions correspondantes",
      mediaCount: "Articles de presse",
      negativeMedia: "Articles défavorables",
      mediaWithNegative: "Médias (négatifs)",
      mediaChecked: "Médias consultés",
      notChecked: "Sources non consultées",
      createdAt: "Créée le",
      finishedAt: "Terminée le",
      notes: "Non consulté ou erreur",
    },
    resultsSheet: "Résultats",
  },
  monitoring: {
    title: "Surveillance : changements constatés",
    entityId: "ID de l’entité surveillée",
    frequency: "Fréquence",
    frequencies: { daily: "Quotidienne", weekly: "Hebdomadaire", monthly: "Mensuelle" },
    checkedAt: "Vérifié le",
    changedAt: "Changements constatés le",
    comparedWith: "Comparé à la vérification du",
    riskBefore: "Niveau de risque avant",
    riskAfter: "Niveau de risque actuel",
    addedMatches: "Nouvelles correspondances sur les listes de sanctions",
    removedMatches: "Correspondances de sanctions qui ne figurent plus sur les listes",
    newMedia: "Nouveaux résultats négatifs ou PEP",
    notCheckedTitle: "N’a pas pu être vérifié",
    notCheckedNote: "Ces sources n’ont pas répondu lors de cette vérification : elles n’ont pas été comparées et leurs résultats précédents sont conservés.",
    listedEntity: "ID de l’entité listée",
    noChanges: "Aucun changement entre les deux dernières vérifications.",
    trigger: "Vérifié en raison de",
    triggers: { schedule: "la planification", list_update: "une nouvelle version d’une liste", manual: "une demande" },
  },
  daily: {
    title: "Rapport d’activité quotidien",
    reportDate: "Date du rapport",
    scope: "Périmètre",
    scopes: { organisation: "Toute l’organisation", user: "Activité personnelle" },
    timeZone: "Fuseau horaire",
    status: "Statut",
    statuses: { pending: "En cours de génération", completed: "Terminé", failed: "Échec" },
    totalSearches: "Recherches totales",
    manualSearches: "Recherches manuelles",
    automatedSearches: "Recherches automatiques",
    creditsUsed: "Crédits utilisés",
    uniqueUsers: "Utilisateurs uniques",
    highRiskFindings: "Résultats à risque élevé",
    riskDistribution: "Répartition des risques",
    searchesByHour: "Recherches par heure de la journée",
    byEntityType: "Recherches par type d’entité",
    byRiskLevel: "Recherches par niveau de risque",
    statistics: "Statistiques",
    successRate: "Taux de réussite",
    peakHour: "Heure de pointe",
    averagePerUser: "Recherches moyennes par utilisateur",
    sanctionsHits: "Correspondances de sanctions",
    adverseMediaHits: "Médias défavorables",
    topTerms: "Termes les plus recherchés",
    term: "Terme",
    count: "Recherches",
    searchesTitle: "Recherches du jour",
    mode: "Mode",
    manual: "Manuelle",
    automated: "Automatique",
    time: "Heure",
    noSearches: "Aucune recherche ce jour-là.",
    latestOnly: (count) => `Les ${count} dernières recherches du jour ; l’application les affiche toutes.`,
    figure: "Indicateur",
    value: "Valeur",
    hour: "Heure",
    sheets: { overview: "Vue d’ensemble", searchDetails: "Détail des recherches", statistics: "Statistiques", dailyRows: "Lignes quotidiennes" },
  },
};

const LABELS: Record<ReportLanguage, ReportLabels> = { en, de, es, fr };

export function reportLabels(language: ReportLanguage): ReportLabels {
  return LABELS[language];
}
