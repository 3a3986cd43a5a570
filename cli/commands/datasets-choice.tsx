import type { Command } from "commander";
import type { Db } from "../../data/db.ts";
import { listStatesAnswer } from "../../lib/sanctions/availability.ts";
import { datasetView, getDataset } from "../../lib/sanctions/datasets/catalog.ts";
import { setDatasetEnabled } from "../../lib/sanctions/datasets/enable.ts";
import type { DownloadsOffline } from "../../lib/sanctions/datasets/offline.ts";
import type { CliText } from "../i18n/index.ts";
import { askedLanguage, withLanguageOption, words } from "../language.ts";
import { printJson } from "../ui/render.tsx";

/** The offline notice `datasets list` prints under its table: no publisher answered, the ways forward, the next try. */
export function printOfflineNotice(offline: DownloadsOffline | null, t: CliText) {
  if (!offline) return;
  const next = offline.next_attempt_at?.slice(0, 16).replace("T", " ");
  console.log("");
  for (const line of t.listChoice.offline(offline.lists.map((l) => l.id).join(", "), next ? `${next} UTC` : null)) console.log(line);
}

/** `datasets enable ID` and `datasets disable ID`: which lists every screening checks (audited); `datasets status`. */
export function registerDatasetChoice(datasets: Command, withDatasets: <T>(work: (db: Db) => Promise<T>) => Promise<T>) {
  withLanguageOption(datasets.command("status"), "language of the output: en, de, es or fr (default en)")
    .description("Which lists searches check now (with their version), which are disabled, and whether the downloads reach the network")
    .option("--json", "print as JSON (the shape of GET /api/sanctions/status)")
    .action(async (options: { json?: boolean; language?: string }) => {
      const { t } = words(askedLanguage(options.language));
      const answer = await withDatasets(listStatesAnswer);
      if (options.json) return printJson(answer);
      console.log(t.listChoice.enabledLists);
      for (const l of answer.lists) {
        const state = l.version_date
          ? t.listChoice.versionOf(l.version_date.slice(0, 16).replace("T", " "))
          : t.listChoice.noData(t.datasets.statuses[l.last_download_status ?? "never"]);
        console.log(`  ${l.id}: ${state}`);
      }
      if (answer.disabled.length) {
        console.log(t.listChoice.disabledLists);
        for (const l of answer.disabled) console.log(`  ${l.id}`);
      }
      printOfflineNotice(answer.offline, t);
    });

  for (const enabled of [true, false]) {
    withLanguageOption(datasets.command(enabled ? "enable" : "disable"), "language of the output: en, de, es or fr (default en)")
      .description(
        enabled
          ? "Enable a list: searches check it and it is downloaded on schedule"
          : "Disable a list: searches stop checking it (results name it as disabled) and it is not downloaded",
      )
      .argument("<id>", "dataset id, as in `datasets list`")
      .option("--json", "print the dataset as JSON")
      // Disabling changes what every search checks: it needs a reason, kept in the audit entry (as the API's).
      .option("--reason <text>", enabled ? "not used when enabling" : "why the list is disabled (required; kept in the audit log)")
      .action(async (id: string, options: { json?: boolean; language?: string; reason?: string }) => {
        const { t } = words(askedLanguage(options.language));
        const { view, changed } = await withDatasets(async (db) => {
          const before = await getDataset(db, id);
          await setDatasetEnabled(db, id, enabled, { kind: "cli" }, { reason: options.reason });
          return { view: await datasetView(db, id), changed: before.enabled !== enabled };
        });
        if (options.json) return printJson(view);
        if (!changed) console.log(enabled ? t.listChoice.alreadyEnabled(id) : t.listChoice.alreadyDisabled(id));
        else console.log(enabled ? t.listChoice.enabled(id) : t.listChoice.disabled(id));
      });
  }
}
