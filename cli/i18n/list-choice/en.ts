import type { ListChoiceCliText } from "./types.ts";

export const en: ListChoiceCliText = {
  enabled: (id) => `${id} is enabled: searches check it and it is downloaded on schedule.`,
  disabled: (id) => `${id} is disabled: searches no longer check it (their results name it as disabled) and it is not downloaded.`,
  alreadyEnabled: (id) => `${id} was already enabled.`,
  alreadyDisabled: (id) => `${id} was already disabled.`,
  column: "ENABLED",
  yes: "yes",
  no: "no",
  enabledLists: "Enabled lists (searched):",
  disabledLists: "Disabled lists (not searched, not downloaded):",
  versionOf: (date) => `version of ${date}`,
  noData: (status) => `no data (${status})`,
  offline: (ids, nextTry) => [
    `No network: the lists cannot be downloaded, their publishers cannot be reached (${ids}).`,
    "Two ways forward:",
    "  - import a list's files: duecheck datasets import ID PATH (or the upload on the Sanctions page);",
    "  - disable the lists you do not need: duecheck datasets disable ID.",
    nextTry ? `Next automatic try: ${nextTry} (the wait doubles after each failure, up to 6 hours).` : "The next automatic try comes with the next check.",
  ],
};
