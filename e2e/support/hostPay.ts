import type { Page } from '@playwright/test';
import { expect } from './test';

// `pay` as a host page's script calls it on the test host page (its widgets' apis in
// `window.__apis`, by mount order), without waiting, and what it became.

/** What a `pay` became, as the host page saw it. */
export type PayOutcome =
  | { resolved: Record<string, unknown> }
  | { code: string; details: Record<string, unknown>; message: string };

/** Calls the `index`-th widget's `pay({ orderId })` without waiting; {@link payOutcome} reads what it became. */
export function startPay(page: Page, orderId: string, index = 0): Promise<void> {
  return page.evaluate(
    ({ index, orderId }) => {
      type Api = { pay(input: unknown): Promise<unknown> };
      const w = window as unknown as { __apis: Api[]; __pays?: Record<number, unknown> };
      w.__pays ??= {};
      const pays = w.__pays;
      pays[index] = 'pending';
      w.__apis[index]?.pay({ orderId }).then(
        (value) => {
          pays[index] = { resolved: value };
        },
        (error: { code: string; details: Record<string, unknown>; message: string }) => {
          pays[index] = { code: error.code, details: { ...error.details }, message: error.message };
        },
      );
    },
    { index, orderId },
  );
}

/** The `index`-th widget's last `pay` now: 'pending' or its outcome. */
export function readPay(page: Page, index = 0): Promise<PayOutcome | 'pending'> {
  return page.evaluate(
    (i) => (window as unknown as { __pays: Record<number, PayOutcome | 'pending'> }).__pays[i] ?? 'pending',
    index,
  );
}

/** Waits until the `index`-th widget's last `pay` settled (up to `timeout` ms); returns its outcome. */
export async function payOutcome(page: Page, index = 0, timeout?: number): Promise<PayOutcome> {
  await expect.poll(() => readPay(page, index), { timeout, intervals: [50] }).not.toBe('pending');
  return (await readPay(page, index)) as PayOutcome;
}
