import { Text } from "ink";
import { useSyncExternalStore } from "react";

/** A value that an Ink view redraws on every change: the CLI's live progress lines. */
export interface LiveStore<T> {
  subscribe: (listener: () => void) => () => void;
  get: () => T;
  set: (value: T) => void;
}

export function liveStore<T>(initial: T): LiveStore<T> {
  let current = initial;
  const listeners = new Set<() => void>();
  return {
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    get: () => current,
    set: (value) => {
      current = value;
      for (const listener of listeners) listener();
    },
  };
}

export function useLive<T>(store: LiveStore<T>): T {
  return useSyncExternalStore(store.subscribe, store.get);
}

/** One cyan line showing the store's text. */
export function LiveLine({ store }: { store: LiveStore<string> }) {
  return <Text color="cyan">{useLive(store)}</Text>;
}
