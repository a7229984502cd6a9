import type { Frame, FrameLocator, Page } from '@playwright/test';
import { ErrorCode, ProviderPaths } from '../shared';
import { CHARGE_JOURNAL_KEY } from '../widget/createChargeJournal';
import { APPROVED_CARD, fillBilling } from './support/checkout';
import { type PayOutcome, payOutcome, startPay } from './support/hostPay';
import { FRAME_ORIGIN } from './support/origins';
import type { ProviderControl } from './support/provider';
import { destroyWidget, expect, mount, openAndMount, test, waitForEvents } from './support/test';
import { typeInto } from './support/typeInto';

// Issue 12: no payment lost or doubled across destroy and remount, one order's payment open at a
// time, and a paid card not kept. The widgets are mounted on the test host page (localhost)
// without an order, their frames on 127.0.0.1, and `pay` is called as a host's script would; the
// real provider makes the charges, and its control API says what it made and what it was asked.
// Where the browser gives the cross-site frame a sessionStorage (Firefox) the widget's journal
// carries "a charge was sent" to the next mount; where it refuses it (Chromium here) every mount
// reads an order's charges before its first charge for it. Both must pass the same tests.

const CARD_FIELDS = ['Cardholder name', 'Card number', 'Expiration date', 'Security code', 'Email'] as const;

/** The frame of the widget mounted `index`-th on the test host page (it stays `#mount-{index}` after others are destroyed). */
const frameOf = (page: Page, index: number): FrameLocator => page.frameLocator(`#mount-${index} iframe`);

/** Types an approved card into the `index`-th widget, as the buyer does. */
async function fillCard(page: Page, index: number): Promise<void> {
  const frame = frameOf(page, index);
  const values = ['Ada Lovelace', APPROVED_CARD, '12/39', '123', 'ada@example.com'];
  for (const [i, name] of CARD_FIELDS.entries()) await typeInto(frame.getByLabel(name, { exact: true }), values[i] ?? '');
  await fillBilling(frame);
}

/** Calls the `index`-th widget's `pay({ orderId })` and waits for its outcome. */
async function pay(page: Page, index: number, orderId: string): Promise<PayOutcome> {
  await startPay(page, orderId, index);
  return payOutcome(page, index);
}

/** The page's one widget frame (after a destroy and a remount: the new one). */
function frameWindow(page: Page): Frame {
  const frames = page.frames().filter((f) => f.url().startsWith(FRAME_ORIGIN));
  if (frames.length !== 1) throw new Error(`expected one frame on ${FRAME_ORIGIN}, found ${frames.length}`);
  return frames[0] as Frame;
}

/** In the frame: the payment journal as stored under `key`, or 'refused' when the browser refuses the frame its storage. */
function readJournal(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return 'refused';
  }
}

/** The charges the provider made for `orderId`. */
async function chargesOf(provider: ProviderControl, orderId: string) {
  return (await provider.charges()).filter((c) => c.orderId === orderId);
}

const destroyRows = [
  {
    name: 'the held charge is made: the next mount resolves with it, and tokenizes and charges nothing',
    fault: { delayMs: 2_000 },
    applied: true,
  },
  {
    name: 'the held charge is dropped unmade: the next mount finds no charge and charges once',
    fault: { delayMs: 2_000, drop: true },
    applied: false,
  },
];

for (const row of destroyRows) {
  test(`destroy() while the provider holds the charge for 2 s: pay rejects PAYMENT_OUTCOME_UNKNOWN with the order; remount and pay: ${row.name}`, async ({
    page,
    provider,
    browserName,
  }) => {
    const orderId = await provider.setupOrder();
    await provider.fault({ path: ProviderPaths.chargesByOrder(orderId), method: 'POST', ...row.fault });
    await openAndMount(page);
    await waitForEvents(page, 'apiInit', 1);
    await fillCard(page, 0);
    await startPay(page, orderId, 0);
    // The charge reached the provider, which holds it: destroy now, well inside the 2 s.
    await expect.poll(async () => (await provider.chargeAttempts(orderId)).length).toBe(1);
    await destroyWidget(page, 0);
    expect(await payOutcome(page, 0)).toMatchObject({ code: ErrorCode.PaymentOutcomeUnknown, details: { orderId } });
    if (row.applied) await expect.poll(async () => (await chargesOf(provider, orderId)).length, { timeout: 5_000 }).toBe(1);
    const reads = async () =>
      (await provider.requests(ProviderPaths.chargesByOrder(orderId))).filter((r) => r.method === 'GET').length;
    const readsBefore = await reads();

    await mount(page);
    await waitForEvents(page, 'apiInit', 2);
    // The journal the destroyed mount left: the order id alone, where the browser gives the frame storage.
    const journal = () => frameWindow(page).evaluate(readJournal, CHARGE_JOURNAL_KEY);
    expect(await journal()).toBe(browserName === 'firefox' ? JSON.stringify([orderId]) : 'refused');
    await fillCard(page, 1);
    const outcome = await pay(page, 1, orderId);
    expect(await journal(), 'the outcome is known: the journal forgets the order').toBe(
      browserName === 'firefox' ? null : 'refused',
    );
    const charges = await chargesOf(provider, orderId);
    expect(charges, 'one charge for the order').toEqual([expect.objectContaining({ status: 'APPROVED' })]);
    expect(outcome).toEqual({ resolved: { status: 'APPROVED', orderId, chargeId: charges[0]?.id } });
    expect(await reads(), "the next mount read the order's charges first").toBe(readsBefore + 1);
    expect(await provider.chargeAttempts(orderId), 'charge requests').toHaveLength(row.applied ? 1 : 2);
    expect(await provider.requests(ProviderPaths.cardTokenization), 'tokenizations').toHaveLength(row.applied ? 1 : 2);
  });
}

for (const refusal of [
  { status: 400, code: 'INVALID_CARD_TOKEN' },
  { status: 404, code: 'ORDER_NOT_FOUND' },
]) {
  test(`a lost charge reply whose resend is refused for good (${refusal.status} ${refusal.code}): the next pay reads the order's charges and resolves with the original`, async ({
    page,
    provider,
  }) => {
    const orderId = await provider.setupOrder();
    const path = ProviderPaths.chargesByOrder(orderId);
    await provider.fault({ path, method: 'POST', dropAfterApply: true });
    const body = { message: refusal.code, details: { applicationError: { code: refusal.code } } };
    await provider.fault({ path, method: 'POST', status: refusal.status, body });
    await openAndMount(page);
    await waitForEvents(page, 'apiInit', 1);
    await fillCard(page, 0);
    expect(await pay(page, 0, orderId)).toMatchObject({ code: ErrorCode.PaymentOutcomeUnknown, details: { orderId } });

    const outcome = await pay(page, 0, orderId);
    const charges = await chargesOf(provider, orderId);
    expect(charges).toEqual([expect.objectContaining({ status: 'APPROVED' })]);
    expect(outcome).toEqual({ resolved: { status: 'APPROVED', orderId, chargeId: charges[0]?.id } });
    const attempts = await provider.chargeAttempts(orderId);
    expect(
      attempts.map((a) => a.idempotencyKey),
      'the charge, then its refused resend',
    ).toEqual([attempts[0]?.idempotencyKey, attempts[0]?.idempotencyKey]);
    expect(await provider.requests(ProviderPaths.cardTokenization)).toHaveLength(1);
  });
}

test("pay for order B while order A's outcome is unknown: PAYMENT_OPEN_FOR_ANOTHER_ORDER naming A, and nothing at all for B", async ({
  page,
  provider,
}) => {
  const orderA = await provider.setupOrder();
  const orderB = await provider.setupOrder();
  await provider.fault({ path: ProviderPaths.chargesByOrder(orderA), method: 'POST', dropAfterApply: true });
  await openAndMount(page);
  await waitForEvents(page, 'apiInit', 1);
  await fillCard(page, 0);
  expect(await pay(page, 0, orderA)).toMatchObject({ code: ErrorCode.PaymentOutcomeUnknown, details: { orderId: orderA } });

  expect(await pay(page, 0, orderB)).toMatchObject({
    code: ErrorCode.PaymentOpenForAnotherOrder,
    details: { orderId: orderA },
  });
  expect(await chargesOf(provider, orderB)).toEqual([]);
  expect(await provider.requests(ProviderPaths.chargesByOrder(orderB)), 'requests about order B').toEqual([]);
  expect(await provider.requests(ProviderPaths.cardTokenization), 'the kept card is not tokenized again').toHaveLength(1);

  // A can still be settled: the resend answers with its original charge.
  const [original] = await chargesOf(provider, orderA);
  expect(await pay(page, 0, orderA)).toEqual({ resolved: { status: 'APPROVED', orderId: orderA, chargeId: original?.id } });
});

test('after an approved payment the card fields are empty, so a host script cannot pay another order with the card', async ({
  page,
  provider,
}) => {
  const orderA = await provider.setupOrder();
  const orderB = await provider.setupOrder();
  await openAndMount(page);
  await waitForEvents(page, 'apiInit', 1);
  await fillCard(page, 0);
  expect(await pay(page, 0, orderA)).toMatchObject({ resolved: { status: 'APPROVED', orderId: orderA } });
  const frame = frameOf(page, 0);
  for (const name of CARD_FIELDS) await expect(frame.getByLabel(name, { exact: true }), name).toHaveValue('');

  expect(await pay(page, 0, orderB)).toMatchObject({ resolved: { status: 'INVALID' } });
  expect(await chargesOf(provider, orderB)).toEqual([]);
  expect(await provider.requests(ProviderPaths.cardTokenization)).toHaveLength(1);
});
