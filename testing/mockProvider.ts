import { type HttpHandler, HttpResponse, http } from 'msw';
import { createSeatHolds } from '../provider/store';
import { TEST_CARDS } from '../shared/card';
import { BUNDLE_FILE_DEBUG, BUNDLE_FILE_MIN } from '../shared/constants';
import { ProviderPaths } from '../shared/paths';
import { createMockCharges } from './mockCharges';
import { createMockHttp } from './mockHttp';
import { createMockLocalPayments } from './mockLocalPayments';
import { createMockOrders } from './mockOrders';
import { createMockPayPal } from './mockPayPal';
import type { MockCharge, MockFaults, MockProvider, MockProviderOptions } from './mockProviderTypes';
import { createMockSavedCards } from './mockSavedCards';
import { createMockThreeDs } from './mockThreeDs';
import { createMockWallets } from './mockWallets';
import { checkFaults, checkOptions } from './validateMockOptions';

export {
  MOCK_APP_INSTANCE,
  type MockCharge,
  type MockFaults,
  type MockKlarnaOption,
  type MockLocalPaymentTimings,
  type MockOrder,
  type MockOrderInput,
  type MockProvider,
  type MockProviderOptions,
  type MockSavedCardInput,
} from './mockProviderTypes';
export { MOCK_RETURNING_BUYER_CARDS } from './mockSavedCards';
export { MOCK_DECLINING_WALLET_TOKEN } from './mockWallets';

/**
 * The mock provider's test cards, the same numbers as the reference provider's
 * (provider/README "Test cards"): `approved` (and any other number passing Luhn) is charged
 * APPROVED; `declined` and `insufficientFunds` tokenize, then their charge is DECLINED with
 * `declineCode` `card_declined` and `insufficient_funds`. 3-D Secure: `threeDsChallenge` and
 * `threeDsChallengeDeclined` are charged REQUIRES_ACTION with a challenge page at `vaultOrigin`
 * (complete → APPROVED, or DECLINED `card_declined` for the latter; fail → DECLINED
 * `authentication_failed`); `threeDsFrictionless` is APPROVED at once.
 */
export const MOCK_TEST_CARDS = TEST_CARDS;

/**
 * The provider's checkout API as msw handlers, in memory (the mock mode), so a
 * site's Vitest or Playwright tests run the real SDK and frame with no provider and no network.
 * Every API request needs `Authorization` set to one of `appInstances` (else 401 UNAUTHORIZED, as
 * the real provider); a charge needs an `Idempotency-Key` and a repeated key gets the first charge
 * back; an order is charged APPROVED at most once, and while it has an open 3-D Secure charge
 * (`REQUIRES_ACTION`) a new charge is 409 CHARGE_IN_PROGRESS (`details.chargeId`) until the
 * challenge page's buttons, `completeChallenge`, a cancel or the 10-minute expiry settle it. Seat
 * holds as the reference provider: every order holds its seats until `holdExpiresAt` (order
 * setup's `holdSeconds`, else the `holdSeconds` option, 600), and a charge that comes in after it
 * is 409 ORDER_HOLD_EXPIRED (`details.orderId`) with nothing charged, unless a payment under way
 * keeps the seats (a charge, an open 3-D Secure charge, a PayPal checkout, a wallet sheet: up to the
 * `holdGraceMs` grace limit; one approved after it is refunded, `REFUNDED_HOLD_EXPIRED`); orders take
 * hold extensions (`holdExtensions`, `POST orders/{orderId}/hold-extensions`), answered as the
 * reference provider answers them; every reply carries the mock's `Date`. Fault switches ({@link MockFaults}) make the
 * failures a site must handle. Orders: mockOrders.ts; tokens and charges: mockCharges.ts; a
 * returning buyer's saved cards (`returningBuyer`): mockSavedCards.ts; PayPal (`payPal`): mockPayPal.ts;
 * Apple Pay and Google Pay (`wallets`): mockWallets.ts; iDEAL, Bancontact, BLIK and Klarna, with
 * their pages at `paymentsOrigin` and payments that settle later (`localPayments`): mockLocalPayments.ts.
 * @throws TypeError naming the option (`host`, `staticsBaseUrl`, `vaultOrigin`, `frameOrigin`, `pageOrigins`, `frameDir`, `appInstances`,
 * `bundleSource`, `faults.*`, `holdSeconds`, `holdExtensions.*`, `holdGraceMs`, `now`, `returningBuyer.savedCards[i].*`, `payPal`, `payPalOrigin`, `wallets`, `localPayments`, `localPayments.*`, `paymentsOrigin`), or naming `vaultOrigin` / `staticsBaseUrl` when it is left out and no built
 * frame app records it (no build found, or one older than its record).
 */
export function createMockProvider(options: MockProviderOptions): MockProvider {
  const checked = checkOptions(options);
  const {
    host,
    staticsBaseUrl,
    vaultOrigin,
    appInstances,
    bundleSource,
    holdSeconds,
    holdExtensions,
    now,
    savedCards,
    payPal,
    wallets,
    paymentsOrigin,
  } = checked;
  // The reference provider's seat holds: a payment under way keeps its order's seats past holdExpiresAt, up to the grace limit.
  const holds = createSeatHolds(now, () => checked.holdGraceMs);
  let faults: MockFaults = checked.faults;
  let sequence = 0;
  const nextId = (prefix: string) => `${prefix}_mock_${++sequence}`;
  const h = createMockHttp({ host, appInstances, faults: () => faults, now });
  // Saved cards and charges need each other: a saved card's token is a charge's, a charge may save its card.
  const threeDs = createMockThreeDs({
    ...checked,
    now,
    onRecord: (result) => saved.settled(result),
    // As the reference provider's store: a settled challenge keeps the hold no more; one approved too late is refunded.
    onSettled: (charge) => {
      const order = orders.get(charge.orderId);
      if (charge.status === 'REFUNDED_HOLD_EXPIRED') Object.assign(charge, { refundedAt: now().toISOString() });
      if (order) holds.ended(order, charge.id);
    },
    approvedTooLate: (charge) => {
      const order = orders.get(charge.orderId);
      return order !== undefined && holds.stateOf(order) === 'ENDED';
    },
  });
  const orders = createMockOrders({
    http: h,
    holdSeconds,
    holdExtensions,
    holds,
    now,
    nextId,
    payPal,
    localPayments: checked.localPayments !== undefined,
    // A pending local payment that settled approved pays its order: due changes are made before an order is read.
    sweep: () => local.sweep(),
  });
  const local = createMockLocalPayments({
    paymentsOrigin,
    frameOrigin: checked.frameOrigin,
    timings: checked.localPayments,
    orders,
    holds,
    now,
  });
  const offerSave = (...offer: Parameters<typeof saved.offer>) => saved.offer(...offer);
  const charges = createMockCharges({
    http: h,
    vaultOrigin,
    orders,
    threeDs,
    local,
    faults: () => faults,
    now,
    holds,
    nextId,
    offerSave,
  });
  const saved = createMockSavedCards({ http: h, vaultOrigin, savedCards, faults: () => faults, now, mint: charges.mint });
  const payPalCheckouts = createMockPayPal({
    http: h,
    approvalOrigin: checked.payPalOrigin,
    frameOrigin: checked.frameOrigin,
    orders,
    charges,
    holds,
    now,
  });
  const walletRoutes = createMockWallets({ http: h, vaultOrigin, wallets, orders, charges, faults: () => faults, holds, now });

  // Module scripts are fetched in CORS mode: the statics are public.
  const bundle = () =>
    new HttpResponse(bundleSource, {
      headers: { 'Content-Type': 'text/javascript; charset=utf-8', 'Access-Control-Allow-Origin': '*' },
    });

  const handlers: HttpHandler[] = [
    ...[host, vaultOrigin].map((origin) => http.options(`${origin}/*`, ({ request }) => h.preflight(request))),
    http.get(h.url(ProviderPaths.widgetSettings), async ({ request }) => {
      const stop = await h.gate(request);
      if (stop) return stop;
      const status = faults.settingsStatus;
      if (status) return h.fail(request, status, `HTTP_${status}`, `Mock fault: HTTP ${status}.`);
      return h.reply(request, { widgetStaticsBaseUrl: staticsBaseUrl });
    }),
    ...orders.handlers,
    ...charges.handlers,
    ...threeDs.handlers,
    ...saved.handlers,
    ...payPalCheckouts.handlers,
    ...walletRoutes.handlers,
    ...local.handlers,
    http.get(`${staticsBaseUrl}/${BUNDLE_FILE_MIN}`, () => bundle()),
    http.get(`${staticsBaseUrl}/${BUNDLE_FILE_DEBUG}`, () => bundle()),
  ];

  return {
    host,
    staticsBaseUrl,
    vaultOrigin,
    payPalOrigin: checked.payPalOrigin,
    paymentsOrigin,
    handlers,
    setFaults(next) {
      faults = checkFaults(next, 'setFaults');
    },
    createOrder: orders.createOrder,
    order: (orderId) => {
      local.sweep();
      const order = orders.get(orderId);
      return order && { ...order };
    },
    charges: charges.all,
    completeChallenge(chargeId, outcome) {
      if (outcome !== 'complete' && outcome !== 'fail') {
        throw new TypeError(`completeChallenge: outcome must be 'complete' or 'fail', got ${String(outcome)}.`);
      }
      threeDs.challenges.sweep();
      const charge = charges.find(chargeId);
      const url = charge?.status === 'REQUIRES_ACTION' ? charge.nextAction?.url : undefined;
      if (!charge || url === undefined) {
        throw new Error(`completeChallenge: charge ${String(chargeId)} has no open 3-D Secure challenge.`);
      }
      threeDs.challenges.record(decodeURIComponent(url.slice(url.lastIndexOf('/') + 1)), outcome);
      return { ...charge };
    },
    answerPayPal(orderId, outcome) {
      if (outcome !== 'approve' && outcome !== 'cancel') {
        throw new TypeError(`answerPayPal: outcome must be 'approve' or 'cancel', got ${String(outcome)}.`);
      }
      return payPalCheckouts.answer(orderId, outcome);
    },
    answerLocalPayment(chargeId, answer, choices) {
      local.answer(chargeId, answer, choices);
      return { ...(charges.find(chargeId) as MockCharge) };
    },
    savedCards: () => saved.list(appInstances[0] as string),
    reset() {
      orders.clear();
      charges.clear();
      threeDs.challenges.clear();
      saved.reset();
      payPalCheckouts.clear();
      local.clear();
      holds.clear();
      faults = {};
    },
  };
}
