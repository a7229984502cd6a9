import type { Frame, Page } from '@playwright/test';
import { ErrorCode, ProviderPaths, TECHNICAL_DIFFICULTIES_MESSAGE } from '../shared';
import { fillBilling } from './support/checkout';
import { installClock } from './support/clock';
import { type HostEvaluate, prepareFrameCrash } from './support/crashFrame';
import { FRAME_ORIGIN } from './support/origins';
import type { ProviderControl } from './support/provider';
import {
  destroyAfterCrash,
  expect,
  type HostEvent,
  hostEvents,
  openAndMount,
  test,
  waitForEvent,
  widgetFrame,
} from './support/test';
import { typeInto } from './support/typeInto';

// Issue 12 (penpal issue #58 asks for this): a frame lost after it loaded is noticed within 5 s,
// whether it navigated, reloaded, was removed from the page without destroy(), or its renderer
// died; onCrash fires once with CONNECTION_LOST, the SDK shows the alert in place of the frame, and
// every api call after it rejects with CONNECTION_LOST naming its method (and a pay's order).
// Before the SDK watched its frame, nothing told the host, and a pay in flight never settled.
// A pay in flight (its charge held by the provider) settles within the 5 s too, as CONNECTION_LOST
// or, where the frame got a last word in, PAYMENT_OUTCOME_UNKNOWN: both tell the host the charge
// may have been made. A frame that unloads answers as it goes: in Chromium its own stop (pagehide)
// aborts the charge (DESTROYED), in Firefox the charge request fails first, and either way the
// widget counts the charge as a lost reply and answers PAYMENT_OUTCOME_UNKNOWN. A removed iframe
// is named by the SDK at once, before its last word can arrive, and a dead renderer has none:
// the SDK rejects the pay itself, CONNECTION_LOST.

/** The most the host may wait to hear of a lost frame (issue 12). */
const NOTICED_WITHIN_MS = 5_000;

/** How long the provider holds the charge before dropping it unmade: longer than any row needs. */
const CHARGE_HELD_MS = 10_000;

/** What the first widget's `pay` came to (window.__pay): pending, or its rejection's code and details. */
type PayOutcome = { state: 'pending' } | { state: 'resolved' } | { state: 'rejected'; code: string; details: unknown };

interface Row {
  name: string;
  /** Loses the frame, as the page or the frame itself would. */
  lose: (page: Page, frame: Frame) => Promise<void>;
  /** The code the pay in flight rejects with, per engine (see above). */
  payCode: { chromium: string; firefox: string };
}

/** A frame that navigates or reloads gets a last word in: the widget's own answer for a charge cut short. */
const LAST_WORD = { chromium: ErrorCode.PaymentOutcomeUnknown, firefox: ErrorCode.PaymentOutcomeUnknown };

const rows: Row[] = [
  {
    name: 'the frame navigates away',
    lose: (_page, frame) => navigateFrame(frame, `${FRAME_ORIGIN}/elsewhere/`),
    payCode: LAST_WORD,
  },
  {
    name: 'the frame reloads',
    lose: (_page, frame) => navigateFrame(frame, ''),
    payCode: LAST_WORD,
  },
  {
    name: 'the host page removes the iframe without destroy()',
    lose: async (page) => {
      await page.evaluate(() => document.querySelector('#mount-0 iframe')?.remove());
    },
    // The SDK names the removal when the host's task ends, before any last word of the frame (its
    // pagehide in Chromium) can reach the page: CONNECTION_LOST in both engines.
    payCode: { chromium: ErrorCode.ConnectionLost, firefox: ErrorCode.ConnectionLost },
  },
];

for (const row of rows) {
  test(`${row.name}: within 5 s onCrash CONNECTION_LOST once, the pay in flight settled, later calls CONNECTION_LOST, the alert; nothing after destroy`, async ({
    page,
    provider,
    browserName,
  }) => {
    await installClock(page);
    const { frame, orderId } = await payWithChargeHeld(page, provider);

    const lostAt = await sinceMount(page);
    await row.lose(page, frame);
    const [crash] = await waitForEvent(page, 'crash', NOTICED_WITHIN_MS + 2_000);
    expect(crash).toMatchObject({ code: ErrorCode.ConnectionLost, name: 'CashierError', isCashierError: true });
    expect((crash?.at ?? 0) - lostAt, 'ms from the loss to onCrash').toBeLessThan(NOTICED_WITHIN_MS);
    test.info().annotations.push({ type: 'onCrash', description: `${Math.round((crash?.at ?? 0) - lostAt)} ms after the loss` });
    const host: HostEvaluate = (expression) => page.evaluate(expression);
    expect(await payOutcome(host), `the pay in flight, in ${browserName}`).toMatchObject({
      state: 'rejected',
      code: row.payCode[browserName as 'chromium'],
    });
    expect(await payAgain(host, orderId), 'a pay after the loss').toEqual({
      state: 'rejected',
      code: ErrorCode.ConnectionLost,
      details: { method: 'pay', orderId },
    });
    await expectAlertInPlaceOfFrame(host);

    await destroyAfterCrash(page, page.locator('#mount-0').getByRole('alert'));
  });
}

test("the frame's renderer dies (Chromium: its process crashes; Firefox: it stops answering): within 5 s CONNECTION_LOST, the pay in flight with it, the alert", async ({
  page,
  provider,
  browserName,
}) => {
  const { frame, orderId } = await payWithChargeHeld(page, provider);
  let host: HostEvaluate;
  let lostAt: number;
  if (browserName === 'chromium') {
    // A real renderer crash: the frame is out of process (site isolation), the host page lives on.
    const renderer = await prepareFrameCrash(page, frame);
    lostAt = await sinceMount(page);
    await renderer.crash();
    host = renderer.evaluate;
  } else {
    // Firefox gives a test no way to kill one frame's process (and without Fission the frame
    // shares the page's): the frame, still there, stops answering, as a hung renderer does. Its
    // replies go through penpal's MessagePort after the handshake, and none leaves any more.
    lostAt = await sinceMount(page);
    await frame.evaluate(() => {
      MessagePort.prototype.postMessage = () => undefined;
    });
    host = (expression) => page.evaluate(expression);
  }
  await expect
    .poll(async () => (await host<HostEvent[]>('window.__events')).filter((e) => e.type === 'crash').length, {
      timeout: NOTICED_WITHIN_MS + 2_000,
    })
    .toBe(1);
  const [crash] = (await host<HostEvent[]>('window.__events')).filter((e) => e.type === 'crash');
  expect(crash).toMatchObject({ code: ErrorCode.ConnectionLost, isCashierError: true });
  expect((crash as { at: number }).at - lostAt, 'ms from the loss to onCrash').toBeLessThan(NOTICED_WITHIN_MS);
  test
    .info()
    .annotations.push({ type: 'onCrash', description: `${Math.round((crash as { at: number }).at - lostAt)} ms after the loss` });
  expect(await payOutcome(host)).toEqual({
    state: 'rejected',
    code: ErrorCode.ConnectionLost,
    details: { method: 'pay', orderId },
  });
  await expectAlertInPlaceOfFrame(host);
});

test('a host page that stalls for 6 s (a long task, a slow CPU) keeps its frame: no CONNECTION_LOST, the api still answers', async ({
  page,
}) => {
  await openAndMount(page);
  await waitForEvent(page, 'apiInit');
  await page.evaluate(() => {
    const end = performance.now() + 6_000;
    while (performance.now() < end) {
      // busy: no task, timer or message of the page runs
    }
  });
  // Past the heartbeat's 3 s, measured from the first check after the stall.
  await page.waitForTimeout(4_500);
  expect((await hostEvents(page)).filter((e) => e.type === 'crash')).toEqual([]);
  const valid = await page.evaluate(() =>
    (window as unknown as { __apis: { validate(): Promise<{ valid: boolean }> }[] }).__apis[0]?.validate().then((r) => r.valid),
  );
  expect(valid).toBe(false); // an empty card form: the widget answered
  await expect(page.locator('#mount-0 iframe')).toHaveCount(1);
});

/**
 * Sets up an order, opens the test host page, mounts a widget, types a valid card, and calls
 * `pay` for the order with the provider holding its charge (then dropping it unmade, so nothing
 * outlives the test); resolves once the charge reached the provider, with the widget's frame and
 * the order. The pay's outcome lands in `window.__pay`.
 */
async function payWithChargeHeld(page: Page, provider: ProviderControl): Promise<{ frame: Frame; orderId: string }> {
  const orderId = await provider.setupOrder();
  await provider.fault({ path: ProviderPaths.chargesByOrder(orderId), method: 'POST', delayMs: CHARGE_HELD_MS, drop: true });
  await openAndMount(page, { theme: 'modal' });
  await waitForEvent(page, 'apiInit');
  const widget = widgetFrame(page);
  await typeInto(widget.getByLabel('Cardholder name', { exact: true }), 'Ada Lovelace');
  await typeInto(widget.getByLabel('Card number', { exact: true }), '4242 4242 4242 4242');
  await typeInto(widget.getByLabel('Expiration date', { exact: true }), '12/39');
  await typeInto(widget.getByLabel('Security code', { exact: true }), '123');
  await fillBilling(widget);
  await typeInto(widget.getByLabel('Email', { exact: true }), 'ada@example.com');
  await page.evaluate((order) => {
    const w = window as unknown as { __apis: { pay(input: unknown): Promise<unknown> }[]; __pay: PayOutcome };
    w.__pay = { state: 'pending' };
    w.__apis[0]?.pay({ orderId: order }).then(
      () => {
        w.__pay = { state: 'resolved' };
      },
      (error: { code: string; details: unknown }) => {
        w.__pay = { state: 'rejected', code: error.code, details: error.details };
      },
    );
  }, orderId);
  await expect.poll(async () => (await provider.chargeAttempts(orderId)).length).toBe(1);
  const frame = page.frames().find((f) => f.url().startsWith(`${FRAME_ORIGIN}/`));
  if (!frame) throw new Error('no frame at the frame origin');
  return { frame, orderId };
}

/** Milliseconds since the first widget's mountCashier, on the page's clock (the crash events' `at`). */
function sinceMount(page: Page): Promise<number> {
  return page.evaluate(() => performance.now() - ((window as unknown as { __mountedAt: number[] }).__mountedAt[0] ?? Number.NaN));
}

/** Sends the frame to `url`, or reloads it when `url` is empty, from inside it. */
async function navigateFrame(frame: Frame, url: string): Promise<void> {
  await frame
    .evaluate((to) => {
      if (to) location.href = to;
      else location.reload();
    }, url)
    .catch(() => undefined); // the frame's context may go before evaluate answers
}

/** Calls the first widget's `pay` for `orderId` again and says what it came to (within 2 s). */
function payAgain(host: HostEvaluate, orderId: string): Promise<PayOutcome> {
  return host<PayOutcome>(`Promise.race([
    window.__apis[0].pay({ orderId: ${JSON.stringify(orderId)} }).then(
      () => ({ state: 'resolved' }),
      (error) => ({ state: 'rejected', code: error.code, details: error.details }),
    ),
    new Promise((resolve) => setTimeout(() => resolve({ state: 'pending' }), 2000)),
  ])`);
}

/** What the first widget's pay came to, read in the host page. */
function payOutcome(host: HostEvaluate): Promise<PayOutcome> {
  return host<PayOutcome>('window.__pay');
}

/** The first widget's mount element holds the alert (theme modal: red text) and no iframe. */
async function expectAlertInPlaceOfFrame(host: HostEvaluate): Promise<void> {
  const mount = await host<{ iframes: number; alerts: { text: string; color: string }[] }>(`(() => {
    const el = document.querySelector('#mount-0');
    return {
      iframes: el.querySelectorAll('iframe').length,
      alerts: [...el.querySelectorAll('[role="alert"]')].map((a) => ({ text: a.textContent, color: getComputedStyle(a).color })),
    };
  })()`);
  expect(mount).toEqual({ iframes: 0, alerts: [{ text: TECHNICAL_DIFFICULTIES_MESSAGE, color: 'rgb(214, 48, 49)' }] });
}
