import type { HarnessEvent } from './harness';

/** The harness events as they are reported, with waits for the next matching one. */
export class EventSink {
  readonly events: HarnessEvent[] = [];
  readonly #waiters = new Set<{ mount: number; match: (e: HarnessEvent) => boolean; done: (e: HarnessEvent) => void }>();

  push(event: HarnessEvent): void {
    this.events.push(event);
    for (const waiter of this.#waiters) if (waiter.mount === event.mount && waiter.match(event)) waiter.done(event);
  }

  has(mount: number, match: (e: HarnessEvent) => boolean): boolean {
    return this.events.some((e) => e.mount === mount && match(e));
  }

  /** The first event of `mount` that matches (one seen already, or the next), or undefined after `timeoutMs`. */
  waitFor(mount: number, match: (e: HarnessEvent) => boolean, timeoutMs: number): Promise<HarnessEvent | undefined> {
    const seen = this.events.find((e) => e.mount === mount && match(e));
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve) => {
      const waiter = {
        mount,
        match,
        done: (e: HarnessEvent | undefined) => {
          clearTimeout(timer);
          this.#waiters.delete(waiter);
          resolve(e);
        },
      };
      const timer = setTimeout(() => waiter.done(undefined), timeoutMs);
      this.#waiters.add(waiter);
    });
  }
}
