import { render } from "ink";
import type { DownloadProgress } from "../../lib/sanctions/datasets/download.ts";
import { type CliText, cliText } from "../i18n/index.ts";
import { LiveLine, liveStore } from "./live.tsx";

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} Bytes`;
  const units = ["KB", "MB", "GB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(2)} ${units[unit]}`;
}

function describe(t: CliText, datasetId: string, p: DownloadProgress): string {
  switch (p.stage) {
    case "file":
      return t.datasets.progressFile(datasetId, p.file, p.index + 1, p.count);
    case "bytes":
      return t.datasets.progressBytes(datasetId, p.file, formatBytes(p.received), p.total ? formatBytes(p.total) : undefined);
    case "checking":
      return t.datasets.progressChecking(datasetId, p.files, formatBytes(p.bytes));
  }
}

export interface ProgressReporter {
  update(datasetId: string, progress: DownloadProgress): void;
  /** A finished line that stays on screen. */
  log(line: string): void;
  done(): void;
}

/**
 * Download progress: in a terminal, one live line (which file, bytes so far) drawn by Ink; otherwise plain
 * lines, one per file and stage, and none for the byte counts.
 */
export function progressReporter(enabled: boolean, t: CliText = cliText("en")): ProgressReporter {
  if (!enabled) return { update() {}, log: (line) => console.log(line), done() {} };
  if (!process.stdout.isTTY) {
    return {
      update: (id, p) => {
        if (p.stage !== "bytes") console.log(describe(t, id, p));
      },
      log: (line) => console.log(line),
      done() {},
    };
  }
  const store = liveStore("");
  const set = (line: string) => store.set(line);
  // Ink keeps the live line below whatever console.log prints meanwhile.
  const view = render(<LiveLine store={store} />);
  return {
    update: (id, p) => set(describe(t, id, p)),
    log: (line) => console.log(line),
    done: () => {
      set("");
      view.unmount();
    },
  };
}
