/**
 * How a capability tells the capabilities above it what happened without importing them: it defines a channel and
 * publishes on it; they subscribe. Subscriptions are made at start-up by the process that runs them (lib/wiring.ts),
 * so every process that publishes runs the same reactions.
 *
 * Delivery is in-process, synchronous and ordered: publish runs the subscribers one after another, in the order they
 * subscribed, and its promise settles once all have. An event published inside a transaction is therefore handled
 * inside it (the subscriber writes with the transaction the event carries, and its error undoes the publisher's
 * work), exactly as a direct call would be. A reaction that must not hold the publisher up starts its own work and
 * returns.
 */

export type Subscriber<T> = (event: T) => void | Promise<void>;

export interface Channel<T> {
  readonly name: string;
  /**
   * Adds the subscriber; the same function subscribed twice runs once, so a process that wires twice (two servers in
   * one test process) reacts once. Answers the unsubscribe.
   */
  subscribe(subscriber: Subscriber<T>): () => void;
  /** Runs the subscribers in order; refuses at once (throws) when a required channel has none. */
  publish(event: T): Promise<void>;
}

export interface ChannelOptions {
  /**
   * The publisher's outcome relies on its subscribers (an auto-add, a webhook event): publishing with none throws,
   * so a process that was not wired fails loudly instead of silently skipping what every other process does.
   */
  required?: boolean;
}

export function channel<T>(name: string, options: ChannelOptions = {}): Channel<T> {
  const subscribers = new Set<Subscriber<T>>();
  return {
    name,
    subscribe(subscriber) {
      subscribers.add(subscriber);
      return () => {
        subscribers.delete(subscriber);
      };
    },
    publish(event) {
      if (options.required && subscribers.size === 0) {
        throw new Error(`Nothing is subscribed to "${name}": the process must wire its capabilities at start-up (lib/wiring.ts)`);
      }
      const running = [...subscribers];
      // The first subscriber starts before publish returns, as a direct call would.
      return (async () => {
        for (const subscriber of running) await subscriber(event);
      })();
    },
  };
}
