import { en as admin } from "./admin/en.ts";
import { en as batchDetails } from "./batch-details/en.ts";
import { en as billing } from "./billing/en.ts";
import { en as cases } from "./cases/en.ts";
import { en as datasetExport } from "./dataset-export/en.ts";
import { duration } from "./duration.ts";
import { en as embed } from "./embed/en.ts";
import { en as exports } from "./exports/en.ts";
import { en as keys } from "./keys/en.ts";
import { en as listChoice } from "./list-choice/en.ts";
import { en as matching } from "./matching/en.ts";
import { en as monitor } from "./monitor/en.ts";
import { en as organisations } from "./organisations/en.ts";
import { en as queryByExample } from "./query-by-example/en.ts";
import { en as reports } from "./reports/en.ts";
import { en as retention } from "./retention/en.ts";
import { en as review } from "./review/en.ts";
import { en as searches } from "./searches/en.ts";
import type { CliText } from "./types.ts";
import { en as watchlists } from "./watchlists/en.ts";
import { en as webhooks } from "./webhooks/en.ts";

export const en: CliText = {
  noUser: (email) => `No user with email ${email}`,
  noAdmin: "There is no administrator yet: give --user EMAIL",
  levels: { critical: "critical", high: "high", medium: "medium", low: "low" },
  statuses: { pending: "pending", processing: "processing", completed: "completed", failed: "failed" },
  listsMissing: ({ all, missing, total, downloading, failed, never, offline }) => {
    const detail = [
      downloading.length ? `downloading now: ${downloading.join(", ")}` : "",
      failed.length ? `download failed: ${failed.join(", ")}` : "",
      never.length ? `never downloaded: ${never.join(", ")}` : "",
    ].filter(Boolean);
    const head = all ? "No sanctions data has been downloaded yet" : `${missing} of ${total} lists have no data yet`;
    if (offline.length)
      return `${head} (${detail.join("; ")}). The last download could not reach the network: import the list files you have (duecheck datasets import ID PATH, ID one of ${offline.join(", ")}).`;
    return `${head} (${detail.join("; ")}). Searches cannot check these lists until they are downloaded (duecheck datasets download --all).`;
  },
  search: {
    linksInvalid: (value) => `--links must be a whole number, got '${value}'`,
    insufficientCredits: (cost) =>
      `You need at least ${cost} ${cost === 1 ? "credit" : "credits"} to perform a search. Please contact support to add more credits.`,
    started: (id, email, credits) => `Search ${id} for ${email} (${credits} credits)`,
    stages: {
      sanctions: "checking the sanctions and PEP lists",
      media: "searching the news",
      risk: "assessing the risk",
      summary: "writing the summary",
      saving: "saving the results",
    },
    stage: (term, stage) => `Screening "${term}": ${stage}`,
    queuedHere: "Queued: this process runs the search",
    queuedServer: "Queued: waiting for the server's workers",
    queuedWorker: "Queued: waiting for a worker",
    runningElsewhere: (term, onServer) => `Screening "${term}" on ${onServer ? "the server" : "another process"}`,
    deleted: "The search was deleted while it ran",
    failed: "FAILED",
    meta: (id, when, credits) => `Search ${id}, ${when}, ${credits} ${credits === 1 ? "credit" : "credits"}`,
    sanctionsHeader: (searched, matched) => `Sanctions lists: ${searched} searched, ${matched} with a match`,
    failedSources: "Sources that could not be checked",
  },
  history: {
    title: (email, total) => `Searches of ${email}: ${total}`,
    teamTitle: (email, total) => `Searches of the team of ${email}: ${total}`,
    columns: { date: "DATE", name: "NAME", type: "TYPE", status: "STATUS", risk: "RISK", id: "ID", by: "BY" },
    empty: "No search history yet.",
    noOlder: "No older searches.",
    older: (command) => `Older searches: ${command}`,
    limitInvalid: (value) => `--limit must be a whole number from 1 to 100, got '${value}'`,
    beforeInvalid: (value) => `--before must be a date such as 2025-01-31 or 2025-01-31T12:00:00Z, or the cursor of a previous page, got '${value}'`,
  },
  users: {
    created: (role, email, credits) => `Created ${role} ${email} with ${credits} ${credits === 1 ? "credit" : "credits"}.`,
    columns: { email: "EMAIL", name: "NAME", role: "ROLE", credits: "ORG CREDITS", status: "STATUS", twoFactor: "2FA", lastLogin: "LAST LOGIN" },
    roles: { admin: "admin", user: "user", reviewer: "reviewer", auditor: "auditor" },
    unlimited: "unlimited",
    active: "active",
    inactive: "inactive",
    on: "on",
    off: "off",
    never: "never",
    none: "No users.",
  },
  credits: {
    amountInvalid: (value) => `Amount must be a whole number greater than 0, got '${value}'`,
    added: (amount, email, balance) => `Added ${amount} ${amount === 1 ? "credit" : "credits"} to the organisation of ${email}. New balance: ${balance}.`,
  },
  datasets: {
    columns: {
      id: "ID",
      type: "TYPE",
      format: "FORMAT",
      auto: "AUTO",
      status: "STATUS",
      lastDownload: "LAST DOWNLOAD",
      inUse: "IN USE",
      size: "SIZE",
      entities: "ENTITIES",
      versions: "VERSIONS",
      error: "ERROR",
    },
    types: { sanctions: "sanctions", pep: "pep" },
    every: (hours) => `every ${hours}h`,
    off: "off",
    statuses: { success: "success", failed: "failed", downloading: "downloading", never: "never downloaded" },
    results: { success: "success", not_modified: "not modified", failed: "failed" },
    none: "No datasets.",
    noVersion: "none",
    idOrAll: "Give a dataset id or --all (not both)",
    failedLine: (id, error) => `${id}: failed: ${error}`,
    summary: (successful, failed) => `${successful} successful, ${failed} failed`,
    notModified: (id, v) => `${id}: not modified; the current version${v ? ` (${v.date}, ${v.entities} entities)` : ""} stays`,
    identical: (id, v) =>
      `${id}: identical to the current version;${v ? ` the current version (${v.date}, ${v.entities} entities) stays` : " the current version stays"}`,
    newVersion: (id, date, entities, size) => `${id}: new current version ${date} with ${entities} entities (${size})`,
    skippedLines: (count) => `${count} line(s) that were not JSON skipped`,
    downloadFailed: (id, message) => `Download of ${id} failed: ${message}`,
    added: (type, id, format) => `Added ${type} dataset ${id} (${format}); download it with: duecheck datasets download ${id}`,
    urlsNow: (id) => `${id} now downloads from:`,
    progressFile: (id, file, index, count) => `${id}: ${file} (file ${index} of ${count})`,
    progressBytes: (id, file, received, total) => `${id}: ${file} ${received}${total ? ` of ${total}` : ""}`,
    progressChecking: (id, files, size) => `${id}: checking ${files} files, ${size}`,
  },
  sanctions: {
    termOrFile: "Give a term or --file (not both)",
    cannotRead: (path) => `Cannot read ${path}`,
    noTerms: (path) => `${path} has no terms`,
    noData: (selection) =>
      selection === "sanctions"
        ? "No sanctions data has been downloaded yet"
        : selection === "peps"
          ? "No PEP data has been downloaded yet"
          : `No data has been downloaded yet for ${selection}`,
    answer: (found, term, lists) => `${found ? "Match" : "No match"} for "${term}" in ${lists}`,
    columns: {
      score: "SCORE",
      match: "MATCH",
      name: "NAME",
      schema: "SCHEMA",
      matchedName: "MATCHED NAME",
      birth: "BIRTH",
      nationality: "NATIONALITY",
      datasets: "DATASETS",
    },
    yes: "yes",
    no: "no",
  },
  batch: {
    cannotRead: (path) => `Cannot read ${path}`,
    notFound: (id) => `No batch ${id} of this user`,
    notCsv: "Please upload a CSV file (the file name must end in .csv)",
    fileRefused: (path, reason) => `${path} was refused, nothing was charged: ${reason}`,
    insufficientCredits: (rows, required, available) =>
      `Insufficient credits: this batch of ${rows} ${rows === 1 ? "entity" : "entities"} needs ${required} credits, the balance is ${available}. Nothing was charged.`,
    started: (id, email, rows, credits) => `Batch ${id} for ${email}: ${rows} ${rows === 1 ? "entity" : "entities"} (${credits} credits)`,
    detached: (id) => `Follow it with: duecheck batch show ${id}`,
    waiting: "Queued: waiting for a worker",
    progress: ({ done, total, failed, rate, etaSeconds }) =>
      `${done}/${total} rows · ${rate.toFixed(1)} rows/s · ${etaSeconds === undefined ? "eta –" : `eta ${duration(etaSeconds)}`} · ${failed} failed`,
    summary: (name, id, status) => `Batch "${name}" (${id}): ${status}`,
    counts: (total, processed, failed) => `${total} ${total === 1 ? "entity" : "entities"}: ${processed} screened, ${failed} failed`,
    risks: (counts) => `Risk: ${counts}`,
    failedRows: (failed) => `${failed} ${failed === 1 ? "entity" : "entities"} failed to process`,
    columns: {
      name: "NAME",
      status: "STATUS",
      entities: "ENTITIES",
      processed: "PROCESSED",
      failed: "FAILED",
      created: "CREATED",
      completed: "COMPLETED",
      id: "ID",
      term: "TERM",
      type: "TYPE",
      risk: "RISK",
      sanctions: "SANCTIONS MATCHES",
      media: "MEDIA",
      searchId: "SEARCH ID",
      owner: "OWNER",
    },
    empty: "No batch jobs yet. Run one with: duecheck batch run FILE.csv",
    noResults: "No results.",
    /** A media count when no news source answered. */
    mediaNotChecked: "not checked",
    more: (command) => `More: ${command}`,
    limitInvalid: (value) => `--limit must be a whole number from 1 to 100, got '${value}'`,
    cursorInvalid: (value) => `--cursor must be the cursor a previous page printed, got '${value}'`,
    formatInvalid: (value) => `--format must be csv, xlsx or pdf, got '${value}'`,
    exported: (name, path) => `Batch "${name}" exported to ${path}`,
    cannotWrite: (path, reason) => `Cannot write ${path}: ${reason}`,
  },
  db: { migrated: (database) => `Migrations applied: ${database}` },
  serve: {
    running: (url) => `duecheck is running at ${url}`,
    database: (description) => `Database: ${description}`,
    firstAdmin: "Created the first admin account:",
    email: "email:",
    password: "password:",
    passwordOnce: "(shown once: write it down, then change it under Profile > Security)",
    passwordFromEnv: "the value of DUECHECK_ADMIN_PASSWORD",
    signIn: (url) => `Sign in at ${url}/login, or create an account at ${url}/register.`,
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
