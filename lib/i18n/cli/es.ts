import type { CliText } from "./types.ts";

export const es: CliText = {
  noUser: (email) => `No hay ningún usuario con el correo ${email}`,
  noAdmin: "Todavía no hay ningún administrador: indique --user EMAIL",
  levels: { critical: "crítico", high: "alto", medium: "medio", low: "bajo" },
  statuses: { pending: "pendiente", processing: "en curso", completed: "completada", failed: "fallida" },
  listsMissing: ({ all, missing, total, downloading, failed, never }) => {
    const detail = [
      downloading.length ? `descargándose ahora: ${downloading.join(", ")}` : "",
      failed.length ? `descarga fallida: ${failed.join(", ")}` : "",
      never.length ? `nunca descargadas: ${never.join(", ")}` : "",
    ].filter(Boolean);
    const head = all ? "Todavía no se ha descargado ningún dato de sanciones" : `${missing} de ${total} listas todavía no tienen datos`;
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
    columns: { date: "FECHA", name: "NOMBRE", type: "TIPO", status: "ESTADO", risk: "RIESGO", id: "ID" },
    empty: "Todavía no hay historial de búsquedas.",
    noOlder: "No hay búsquedas anteriores.",
    older: (command) => `Búsquedas anteriores: ${command}`,
    limitInvalid: (value) => `--limit debe ser un número entero de 1 a 100, se recibió '${value}'`,
    beforeInvalid: (value) =>
      `--before debe ser una fecha como 2025-01-31 o 2025-01-31T12:00:00Z, o el cursor de una página anterior, se recibió '${value}'`,
  },
  users: {
    created: (role, email, credits) => `Se creó ${role} ${email} con ${credits} ${credits === 1 ? "crédito" : "créditos"}.`,
    columns: { email: "CORREO", name: "NOMBRE", role: "ROL", credits: "CRÉDITOS", status: "ESTADO", twoFactor: "2FA", lastLogin: "ÚLTIMO ACCESO" },
    roles: { admin: "administrador", user: "usuario" },
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
      `${amount === 1 ? "Se añadió 1 crédito" : `Se añadieron ${amount} créditos`} a ${email}. Nuevo saldo: ${balance}.`,
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
};
