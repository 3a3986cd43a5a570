import { es as admin } from "./admin/es.ts";
import { es as batchDetails } from "./batch-details/es.ts";
import { es as billing } from "./billing/es.ts";
import { es as cases } from "./cases/es.ts";
import { es as datasetExport } from "./dataset-export/es.ts";
import { duration } from "./duration.ts";
import { es as embed } from "./embed/es.ts";
import { es as exports } from "./exports/es.ts";
import { es as keys } from "./keys/es.ts";
import { es as listChoice } from "./list-choice/es.ts";
import { es as matching } from "./matching/es.ts";
import { es as monitor } from "./monitor/es.ts";
import { es as organisations } from "./organisations/es.ts";
import { es as queryByExample } from "./query-by-example/es.ts";
import { es as reports } from "./reports/es.ts";
import { es as retention } from "./retention/es.ts";
import { es as review } from "./review/es.ts";
import { es as searches } from "./searches/es.ts";
import type { CliText } from "./types.ts";
import { es as watchlists } from "./watchlists/es.ts";
import { es as webhooks } from "./webhooks/es.ts";

export const es: CliText = {
  noUser: (email) => `No hay ningún usuario con el correo ${email}`,
  noAdmin: "Todavía no hay ningún administrador: indique --user EMAIL",
  levels: { critical: "crítico", high: "alto", medium: "medio", low: "bajo" },
  statuses: { pending: "pendiente", processing: "en curso", completed: "completada", failed: "fallida" },
  listsMissing: ({ all, missing, total, downloading, failed, never, offline }) => {
    const detail = [
      downloading.length ? `descargándose ahora: ${downloading.join(", ")}` : "",
      failed.length ? `descarga fallida: ${failed.join(", ")}` : "",
      never.length ? `nunca descargadas: ${never.join(", ")}` : "",
    ].filter(Boolean);
    const head = all ? "Todavía no se ha descargado ningún dato de sanciones" : `${missing} de ${total} listas todavía no tienen datos`;
    if (offline.length)
      return `${head} (${detail.join("; ")}). La última descarga no pudo acceder a la red: importe los archivos de las listas que tenga (duecheck datasets import ID RUTA, ID una de ${offline.join(", ")}).`;
    return `${head} (${detail.join("; ")}). Las búsquedas no pueden consultar estas listas hasta que se descarguen (duecheck datasets download --all).`;
  },
  search: {
    linksInvalid: (value) => `--links debe ser un número entero, se recibió '${value}'`,
    insufficientCredits: (cost) =>
      `Necesita al menos ${cost} ${cost === 1 ? "crédito" : "créditos"} para realizar una búsqueda. Póngase en contacto con el servicio de asistencia para añadir más créditos.`,
    started: (id, email, credits) => `Búsqueda ${id} para ${email} (${credits} créditos)`,
    stages: {
      sanctions: "consultando las listas de sanciones y PEP",
      media: "buscando en las noticias",
      risk: "evaluando el riesgo",
      summary: "redactando el resumen",
      saving: "guardando los resultados",
    },
    stage: (term, stage) => `Análisis de «${term}»: ${stage}`,
    queuedHere: "En cola: este proceso ejecuta la búsqueda",
    queuedServer: "En cola: esperando a los procesos del servidor",
    queuedWorker: "En cola: esperando a un proceso",
    runningElsewhere: (term, onServer) => `Análisis de «${term}» ${onServer ? "en el servidor" : "en otro proceso"}`,
    deleted: "La búsqueda se eliminó mientras se ejecutaba",
    failed: "FALLIDA",
    meta: (id, when, credits) => `Búsqueda ${id}, ${when}, ${credits} ${credits === 1 ? "crédito" : "créditos"}`,
    sanctionsHeader: (searched, matched) => `Listas de sanciones: ${searched} consultadas, ${matched} con coincidencia`,
    failedSources: "Fuentes que no se pudieron consultar",
  },
  history: {
    title: (email, total) => `Búsquedas de ${email}: ${total}`,
    teamTitle: (email, total) => `Búsquedas del equipo de ${email}: ${total}`,
    columns: { date: "FECHA", name: "NOMBRE", type: "TIPO", status: "ESTADO", risk: "RIESGO", id: "ID", by: "POR" },
    empty: "Todavía no hay historial de búsquedas.",
    noOlder: "No hay búsquedas anteriores.",
    older: (command) => `Búsquedas anteriores: ${command}`,
    limitInvalid: (value) => `--limit debe ser un número entero de 1 a 100, se recibió '${value}'`,
    beforeInvalid: (value) => `--before debe ser una fecha como 2025-01-31 o 2025-01-31T12:00:00Z, o el cursor de una página anterior, se recibió '${value}'`,
  },
  users: {
    created: (role, email, credits) => `Se creó ${role} ${email} con ${credits} ${credits === 1 ? "crédito" : "créditos"}.`,
    columns: { email: "CORREO", name: "NOMBRE", role: "ROL", credits: "CRÉDITOS ORG.", status: "ESTADO", twoFactor: "2FA", lastLogin: "ÚLTIMO ACCESO" },
    roles: { admin: "administrador", user: "usuario", reviewer: "revisor", auditor: "auditor" },
    unlimited: "ilimitados",
    active: "activo",
    inactive: "inactivo",
    on: "sí",
    off: "no",
    never: "nunca",
    none: "No hay usuarios.",
  },
  credits: {
    amountInvalid: (value) => `La cantidad debe ser un número entero mayor que 0, se recibió '${value}'`,
    added: (amount, email, balance) =>
      `${amount === 1 ? "Se añadió 1 crédito" : `Se añadieron ${amount} créditos`} a la organización de ${email}. Nuevo saldo: ${balance}.`,
  },
  datasets: {
    columns: {
      id: "ID",
      type: "TIPO",
      format: "FORMATO",
      auto: "AUTOMÁTICA",
      status: "ESTADO",
      lastDownload: "ÚLTIMA DESCARGA",
      inUse: "EN USO",
      size: "TAMAÑO",
      entities: "REGISTROS",
      versions: "VERSIONES",
      error: "ERROR",
    },
    types: { sanctions: "sanciones", pep: "PEP" },
    every: (hours) => `cada ${hours} h`,
    off: "no",
    statuses: { success: "correcta", failed: "fallida", downloading: "descargando", never: "nunca descargada" },
    results: { success: "correcta", not_modified: "sin cambios", failed: "fallida" },
    none: "No hay conjuntos de datos.",
    noVersion: "ninguna",
    idOrAll: "Indique un id de conjunto de datos o --all (no ambos)",
    failedLine: (id, error) => `${id}: fallida: ${error}`,
    summary: (successful, failed) => `${successful} correctas, ${failed} fallidas`,
    notModified: (id, v) => `${id}: sin cambios; se mantiene la versión actual${v ? ` (${v.date}, ${v.entities} registros)` : ""}`,
    identical: (id, v) => `${id}: idéntico a la versión actual; se mantiene la versión actual${v ? ` (${v.date}, ${v.entities} registros)` : ""}`,
    newVersion: (id, date, entities, size) => `${id}: nueva versión actual ${date} con ${entities} registros (${size})`,
    skippedLines: (count) => `${count} línea(s) que no eran JSON omitidas`,
    downloadFailed: (id, message) => `La descarga de ${id} falló: ${message}`,
    added: (type, id, format) => `Se añadió el conjunto de datos ${id} (${type}, ${format}); descárguelo con: duecheck datasets download ${id}`,
    urlsNow: (id) => `${id} se descarga ahora desde:`,
    progressFile: (id, file, index, count) => `${id}: ${file} (archivo ${index} de ${count})`,
    progressBytes: (id, file, received, total) => `${id}: ${file} ${received}${total ? ` de ${total}` : ""}`,
    progressChecking: (id, files, size) => `${id}: comprobando ${files} archivos, ${size}`,
  },
  sanctions: {
    termOrFile: "Indique un término o --file (no ambos)",
    cannotRead: (path) => `No se puede leer ${path}`,
    noTerms: (path) => `${path} no contiene términos`,
    noData: (selection) =>
      selection === "sanctions"
        ? "Todavía no se han descargado datos de sanciones"
        : selection === "peps"
          ? "Todavía no se han descargado datos de PEP"
          : `Todavía no se han descargado datos de ${selection}`,
    answer: (found, term, lists) => `${found ? "Coincidencia" : "Sin coincidencia"} para «${term}» en ${lists}`,
    columns: {
      score: "PUNTUACIÓN",
      match: "COINCIDE",
      name: "NOMBRE",
      schema: "TIPO",
      matchedName: "ENCONTRADO COMO",
      birth: "NACIMIENTO",
      nationality: "NACIONALIDAD",
      datasets: "CONJUNTOS",
    },
    yes: "sí",
    no: "no",
  },
  batch: {
    cannotRead: (path) => `No se puede leer ${path}`,
    notFound: (id) => `No hay ningún lote ${id} de este usuario`,
    notCsv: "Suba un archivo CSV (el nombre del archivo debe terminar en .csv)",
    fileRefused: (path, reason) => `${path} fue rechazado, no se cobró nada: ${reason}`,
    insufficientCredits: (rows, required, available) =>
      `Créditos insuficientes: este lote de ${rows} ${rows === 1 ? "entidad" : "entidades"} necesita ${required} créditos y el saldo es ${available}. No se cobró nada.`,
    started: (id, email, rows, credits) => `Lote ${id} para ${email}: ${rows} ${rows === 1 ? "entidad" : "entidades"} (${credits} créditos)`,
    detached: (id) => `Sígalo con: duecheck batch show ${id}`,
    waiting: "En cola: esperando a un worker",
    progress: ({ done, total, failed, rate, etaSeconds }) =>
      `${done}/${total} filas · ${rate.toLocaleString("es", { minimumFractionDigits: 1, maximumFractionDigits: 1 })} filas/s · ${etaSeconds === undefined ? "restante –" : `restante ${duration(etaSeconds)}`} · ${failed} fallidas`,
    summary: (name, id, status) => `Lote «${name}» (${id}): ${status}`,
    counts: (total, processed, failed) => `${total} ${total === 1 ? "entidad" : "entidades"}: ${processed} analizadas, ${failed} fallidas`,
    risks: (counts) => `Riesgo: ${counts}`,
    failedRows: (failed) => `${failed} ${failed === 1 ? "entidad no se pudo procesar" : "entidades no se pudieron procesar"}`,
    columns: {
      name: "NOMBRE",
      status: "ESTADO",
      entities: "ENTIDADES",
      processed: "PROCESADAS",
      failed: "FALLIDAS",
      created: "CREADO",
      completed: "COMPLETADO",
      id: "ID",
      term: "TÉRMINO",
      type: "TIPO",
      risk: "RIESGO",
      sanctions: "COINCIDENCIAS DE SANCIONES",
      media: "MEDIOS",
      searchId: "ID DE BÚSQUEDA",
      owner: "PROPIETARIO",
    },
    empty: "Aún no hay lotes. Inicie uno con: duecheck batch run ARCHIVO.csv",
    noResults: "Sin resultados.",
    /** A media count when no news source answered. */
    mediaNotChecked: "no comprobado",
    more: (command) => `Más: ${command}`,
    limitInvalid: (value) => `--limit debe ser un número entero de 1 a 100, recibido: '${value}'`,
    cursorInvalid: (value) => `--cursor debe ser el cursor que imprimió una página anterior, recibido: '${value}'`,
    formatInvalid: (value) => `--format debe ser csv, xlsx o pdf, recibido: '${value}'`,
    exported: (name, path) => `Lote «${name}» exportado a ${path}`,
    cannotWrite: (path, reason) => `No se puede escribir ${path}: ${reason}`,
  },
  db: { migrated: (database) => `Migraciones aplicadas: ${database}` },
  serve: {
    running: (url) => `duecheck se está ejecutando en ${url}`,
    database: (description) => `Base de datos: ${description}`,
    firstAdmin: "Se creó la primera cuenta de administrador:",
    email: "correo:",
    password: "contraseña:",
    passwordOnce: "(se muestra una sola vez: anótela y cámbiela en Perfil > Seguridad)",
    passwordFromEnv: "el valor de DUECHECK_ADMIN_PASSWORD",
    signIn: (url) => `Inicie sesión en ${url}/login o cree una cuenta en ${url}/register.`,
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
