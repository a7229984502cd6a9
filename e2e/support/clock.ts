import type { Page } from '@playwright/test';

/**
 * Installs Playwright's clock before the page loads, so that the timers of every realm on it (the
 * host page and the cross-origin frame: each gets its own copy, and `page.clock.runFor` advances
 * them all) follow the clock; until the test moves it, it follows real time.
 *
 * The clock calls timer callbacks inside its own try/catch: a throw no longer reaches the page as
 * an uncaught error (`pageerror`); `runFor` rethrows the first one in Chromium and drops it in
 * Firefox. So each callback is wrapped to hand its throw to `reportError`, which reports it as
 * uncaught, the way a browser reports a throwing timer.
 */
export async function installClock(page: Page): Promise<void> {
  await page.clock.install();
  await page.addInitScript(() => {
    type Schedule = (handler: TimerHandler, timeout?: number, ...args: unknown[]) => number;
    const reporting =
      (schedule: Schedule): Schedule =>
      (handler, timeout, ...args) => {
        if (typeof handler !== 'function') return schedule(handler, timeout, ...args);
        const run = (...callArgs: unknown[]) => {
          try {
            handler(...callArgs);
          } catch (error) {
            reportError(error);
          }
        };
        return schedule(run, timeout, ...args);
      };
    window.setTimeout = reporting(window.setTimeout) as typeof window.setTimeout;
    window.setInterval = reporting(window.setInterval) as typeof window.setInterval;
  });
}

/**
 * Runs the page clock `ms` forward a second at a time (after {@link installClock}): between steps
 * the frame answers the host's heartbeat (one long run would take the frame for lost), and no tick
 * is late by more than a second (a later one is a clock jump, which makes the widget read the
 * provider's clock again, issue 24).
 */
export async function passTime(page: Page, ms: number): Promise<void> {
  for (let run = 0; run < ms; run += 1_000) await page.clock.runFor(1_000);
}
