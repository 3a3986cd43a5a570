import { Box, render, Text } from "ink";
import type { CliText } from "../i18n/index.ts";
import { type LiveStore, liveStore, useLive } from "./live.tsx";

export interface BatchCounts {
  done: number;
  total: number;
  failed: number;
}

const BAR_WIDTH = 30;

function Bar({ done, total }: { done: number; total: number }) {
  const filled = total ? Math.round((done / total) * BAR_WIDTH) : 0;
  return (
    <Text>
      <Text color="cyan">{"█".repeat(filled)}</Text>
      <Text dimColor>{"░".repeat(BAR_WIDTH - filled)}</Text>
    </Text>
  );
}

interface LiveBatch {
  counts: BatchCounts;
  text: string;
}

function LiveBatchLine({ store }: { store: LiveStore<LiveBatch | null> }) {
  const state = useLive(store);
  if (!state) return null;
  return (
    <Box gap={1}>
      <Bar done={state.counts.done} total={state.counts.total} />
      <Text color="cyan">{state.text}</Text>
    </Box>
  );
}

/**
 * A batch's progress: in a terminal an Ink bar with rows done, rows per second, the time left and the failed count;
 * otherwise a plain line at most once a second when the count moved; nothing for --json. The rate is measured from
 * the first update this process saw.
 */
export function batchProgress(enabled: boolean, t: CliText) {
  const started = Date.now();
  const startDone = { value: -1 };
  const line = (c: BatchCounts) => {
    if (startDone.value < 0) startDone.value = c.done;
    const seconds = (Date.now() - started) / 1000;
    const rate = seconds > 0 ? (c.done - startDone.value) / seconds : 0;
    return t.batch.progress({ ...c, rate, etaSeconds: rate > 0 ? (c.total - c.done) / rate : undefined });
  };
  if (!enabled) return { update(_: BatchCounts) {}, done() {} };
  if (!process.stdout.isTTY) {
    let lastDone = -1;
    let lastAt = 0;
    return {
      update(c: BatchCounts) {
        const text = line(c);
        if (c.done === lastDone || (Date.now() - lastAt < 1000 && c.done < c.total)) return;
        [lastDone, lastAt] = [c.done, Date.now()];
        console.log(text);
      },
      done() {},
    };
  }
  const store = liveStore<LiveBatch | null>(null);
  const view = render(<LiveBatchLine store={store} />);
  return {
    update(c: BatchCounts) {
      store.set({ counts: c, text: line(c) });
    },
    done() {
      store.set(null);
      view.unmount();
    },
  };
}
