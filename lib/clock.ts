/** Where every time decision of scheduled work reads the time: tests pass their own clock to move time forward. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until moved (tests, benchmarks). */
export function manualClock(start: Date | string): Clock & { set(at: Date | string): void; advance(ms: number): void } {
  let at = new Date(start);
  return {
    now: () => new Date(at),
    set: (next) => {
      at = new Date(next);
    },
    advance: (ms) => {
      at = new Date(at.getTime() + ms);
    },
  };
}
