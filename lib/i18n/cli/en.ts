import type { CliText } from "./types.ts";

export const en: CliText = {
  noUser: (email) => `No user with email ${email}`,
  noAdmin: "There is no administrator yet: give --user EMAIL",
  levels: { critical: "critical", high: "high", medium: "medium", low: "low" },
  statuses: { pending: "pending", processing: "processing", completed: "completed", failed: "failed" },
  listsMissing: ({ all, missing, total, downloading, failed, never }) => {
    const detail = [
      downloading.length ? `downloading now: ${downloading.join(", ")}` : "",
      failed.length ? `download failed: ${failed.join(", ")}` : "",
      never.length ? `never downloaded: ${never.join(", ")}` : "",
    ].filter(Boolean);
    const head = all ? "No sanctions data has been downloaded yet" : `${missing} of ${total} lists have no data yet`;
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
    columns: { date: "DATE", name: "NAME", type: "TYPE", status: "STATUS", risk: "RISK", id: "ID" },
    empty: "No search history yet.",
    noOlder: "No older searches.",
    older: (command) => `Older searches: ${command}`,
    limitInvalid: (value) => `--limit must be a whole number from 1 to 100, got '${value}'`,
    beforeInvalid: (value) => `--before must be a date such as 2025-01-31 or 2025-01-31T12:00:00Z, or the cursor of a previous page, got '${value}'`,
  },
  users: {
    created: (role, email, credits) => `Created ${role} ${email} with ${credits} ${credits === 1 ? "credit" : "credits"}.`,
    columns: { email: "EMAIL", name: "NAME", role: "ROLE", credits: "CREDITS", status: "STATUS", twoFactor: "2FA", lastLogin: "LAST LOGIN" },
    roles: { admin: "admin", user: "user" },
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
    added: (amount, email, balance) => `Added ${amount} ${amount === 1 ? "credit" : "credits"} to ${email}. New balance: ${balance}.`,
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
};
