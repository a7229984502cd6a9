import { test as base, expect, type FrameLocator, type Locator, type Page } from '@playwright/test';
import type { CashierChange, CashierFieldEvent, CashierTimings, PayResult } from '../../host-sdk';
import { ProviderPaths } from '../../shared';
import { ProviderControl } from './provider';

/** What the test host page recorded from the SDK's callbacks (e2e/fixtures/test-host.html). */
export type HostEvent =
  | { index: number; type: 'apiInit'; methods: string[]; at: number; timings: CashierTimings }
  | { index: number; type: 'crash'; code: string; message: string; name: string; isCashierError: boolean; at: number }
  | { index: number; type: 'slow'; ms: number }
  | { index: number; type: 'holdExpired'; orderId: string }
  | { index: number; type: 'holdExtended'; extension: { orderId: string; holdExpiresAt: string } }
  | { index: number; type: 'paymentResult'; result: PayResult }
  | { index: number; type: 'revalidate' }
  | { index: number; type: 'change'; change: CashierChange }
  | { index: number; type: 'focus' | 'blur'; event: CashierFieldEvent }
  | { index: number; type: 'escape'; args: unknown[] };

/**
 * Options for `mount`: anything serializable of MountCashierOptions, plus test switches:
 * `revalidateTo`, a host whose `revalidateAppInstance` answers with that token; `revalidateNever`,
 * one whose `revalidateAppInstance` never answers. Both record a `revalidate` event when asked.
 * `recordFormEvents`: issue 36's `onChange`, `onFocus`, `onBlur` and `onEscape` are recorded too
 * (`change`, `focus`, `blur`, `escape`).
 */
export type TestMountOptions = Record<string, unknown> & {
  revalidateTo?: string;
  revalidateNever?: boolean;
  recordFormEvents?: boolean;
};

export const SETTINGS_PATH = ProviderPaths.widgetSettings;
export const MIN_BUNDLE_PATH = '/statics/cashier-widget-lazy-component.bundle.min.js';
export const DEBUG_BUNDLE_PATH = '/statics/cashier-widget-lazy-component.bundle.js';

/** Opens the test host page (optionally with a query string) and mounts one widget. */
export async function openAndMount(page: Page, options: TestMountOptions = {}, query = ''): Promise<number> {
  await page.goto(`/test-host.html${query}`);
  return mount(page, options);
}

/** Mounts one more widget on the already open test host page; returns its index. */
export function mount(page: Page, options: TestMountOptions = {}): Promise<number> {
  return page.evaluate((o) => (window as unknown as { testMount(o: unknown): number }).testMount(o), options);
}

/** Mounts `count` widgets in one task (at once, as a page with several checkouts would). */
export function mountMany(page: Page, count: number, options: TestMountOptions = {}): Promise<number[]> {
  return page.evaluate(
    ({ n, o }) => Array.from({ length: n }, () => (window as unknown as { testMount(o: unknown): number }).testMount(o)),
    { n: count, o: options },
  );
}

/** What the test host's `testDestroy` saw (e2e/fixtures/test-host.html). */
export interface DestroyOutcome {
  /** Host events recorded before the destroy: `(await hostEvents(page)).slice(eventsBefore)` came after it. */
  eventsBefore: number;
  /** The page's `performance.now()` at the destroy. */
  at: number;
  /** What the two `destroy()` calls threw, one line each; empty when neither did. */
  thrown: string[];
}

/** Calls `destroy()` twice, in one task, on the handle of the `index`-th mounted widget. */
export function destroyWidget(page: Page, index = 0): Promise<DestroyOutcome> {
  return page.evaluate((i) => (window as unknown as { testDestroy(i: number): DestroyOutcome }).testDestroy(i), index);
}

/** How far the page's clock runs after a destroy: past every timer of docs/development.md "Timeouts" (see destroy.spec.ts). */
export const AFTER_DESTROY_WATCH_MS = 30_000;

/**
 * After the SDK named a failure (its alert `alert` shown in the mount element): destroys the first
 * widget, checks the alert went with it, runs the page's clock (installed by the test)
 * AFTER_DESTROY_WATCH_MS on, and checks that no host callback fired after the destroy and
 * `onCrash` fired exactly once in all. Resolves to every host event, for the test's own checks.
 */
export async function destroyAfterCrash(page: Page, alert: Locator): Promise<HostEvent[]> {
  const destroyed = await destroyWidget(page);
  await expect(alert, 'destroy() removes the alert').toHaveCount(0);
  await page.clock.runFor(AFTER_DESTROY_WATCH_MS);
  const events = await hostEvents(page);
  expect(events.slice(destroyed.eventsBefore), 'host events after the destroy').toEqual([]);
  expect(
    events.filter((e) => e.type === 'crash'),
    'onCrash calls',
  ).toHaveLength(1);
  return events;
}

/** Waits until exactly `count` events of `type` were recorded; returns them. */
export async function waitForEvents(page: Page, type: HostEvent['type'], count: number): Promise<HostEvent[]> {
  await expect.poll(async () => (await hostEvents(page)).filter((e) => e.type === type).length).toBe(count);
  return (await hostEvents(page)).filter((e) => e.type === type);
}

/** The events the host page's callbacks recorded so far. */
export function hostEvents(page: Page): Promise<HostEvent[]> {
  return page.evaluate(() => (window as unknown as { __events: HostEvent[] }).__events);
}

/**
 * Waits until the host page recorded an event of `type` (up to `timeoutMs`, default the
 * config's expect timeout), and returns all such events.
 */
export async function waitForEvent<T extends HostEvent['type']>(
  page: Page,
  type: T,
  timeoutMs?: number,
): Promise<Extract<HostEvent, { type: T }>[]> {
  await expect
    .poll(async () => (await hostEvents(page)).filter((e) => e.type === type).length, { timeout: timeoutMs })
    .toBeGreaterThan(0);
  return (await hostEvents(page)).filter((e): e is Extract<HostEvent, { type: T }> => e.type === type);
}

/** The frame of the `index`-th mounted widget. */
export function widgetFrame(page: Page, index = 0): FrameLocator {
  return page.frameLocator('iframe').nth(index);
}

/** Playwright's test with a `provider` fixture that resets the provider's faults before each test. */
export const test = base.extend<{ provider: ProviderControl }>({
  provider: async ({ request }, use) => {
    const control = new ProviderControl(request);
    await control.reset();
    await use(control);
    await control.reset();
  },
});

export { expect };
