import { type HttpHandler, http } from 'msw';
import type { CheckoutStore, HoldState, SeatHolds } from '../provider/store';
import { createWallets, DECLINING_WALLET_TOKEN, fail, type StoreReply, tokenizeWallet } from '../provider/store';
import { ProviderPaths } from '../shared/paths';
import type { ExpressCheckoutSettings, ExpressPaymentMethod, WalletType } from '../shared/wallets';
import type { createMockCharges } from './mockCharges';
import type { MockHttp } from './mockHttp';
import type { createMockOrders } from './mockOrders';
import type { MockFaults } from './mockProviderTypes';

/** What {@link createMockWallets} needs. */
export interface MockWalletsOptions {
  /** The HTTP helpers. */
  http: MockHttp;
  /** The card vault origin, where wallet tokens are answered (and only there). */
  vaultOrigin: string;
  /** The wallets every order offers (the checked `wallets` option); empty: none. */
  wallets: readonly WalletType[];
  /** The orders the wallets pay (express payment methods, Google Pay start). */
  orders: ReturnType<typeof createMockOrders>;
  /** The charges: a wallet token is their card token, charged through the normal charge path. */
  charges: ReturnType<typeof createMockCharges>;
  /** The fault switches in force (`captcha` applies to wallet tokens as to card tokenization). */
  faults: () => MockFaults;
  /** The seat holds (the reference provider's, provider/store/seatHolds.ts): a checkout or a wallet sheet under way keeps its order's. */
  holds: SeatHolds;
  /** The mock's clock (seat holds, the merchant session's times). */
  now: () => Date;
}

const P = ProviderPaths;

/**
 * Text that makes a wallet's payment token decline in the mock (as the reference provider's): a
 * Google Pay token, or an Apple Pay token's `paymentData`, holding it is charged DECLINED `card_declined`.
 */
export const MOCK_DECLINING_WALLET_TOKEN = DECLINING_WALLET_TOKEN;

/**
 * The mock mode's Apple Pay and Google Pay (issue 25 items 4 and 5): the reference provider's own
 * answers (provider/store/wallets.ts and walletTokens.ts, no Hono) over the mock's orders and charges, as
 * msw handlers: spec 7 express checkout widget settings and express payment methods (`?orderId=`)
 * list the `wallets` given; Apple Pay merchant validation answers a simulated merchant session and
 * Google Pay start the order's payment data request with its signed amount, each only for a wallet
 * given (else 400 PAYMENT_METHOD_NOT_AVAILABLE); the vault's wallet tokens turn a wallet's payment
 * token for an order into a card token of the simulated device card (Visa •••• 4242, APPROVED; a
 * token whose text holds {@link MOCK_DECLINING_WALLET_TOKEN}: DECLINED `card_declined`), charged as
 * a typed card's, once the token's amount is the order's total (Apple Pay: the token's
 * `paymentData.transactionAmount` and `currencyCode`; Google Pay: the start's `signedAmount` carried
 * back as `amount`), else 400 WALLET_AMOUNT_MISMATCH.
 */
export function createMockWallets({ http: h, vaultOrigin, wallets, orders, charges, faults, holds, now }: MockWalletsOptions) {
  // The store calls the provider's wallets make: the order, the clock, card tokenization, whether
  // any wallet is on (each wallet's own refusal is `only`'s and the wallet tokens route's).
  const store = {
    now,
    offersWallets: () => wallets.length > 0,
    getOrder: (orderId: string): StoreReply => {
      const order = orders.get(orderId);
      return order ? { status: 200, body: { ...order } } : fail(404, 'ORDER_NOT_FOUND', `No order ${orderId}.`);
    },
    tokenizeCard: (card: unknown) => charges.tokenize(card),
    // Seat holds as the reference provider keeps them (seatHolds.ts): a payment under way keeps the seats up to the grace limit.
    holdStateOf: (orderId: string): HoldState | undefined => {
      const order = orders.get(orderId);
      return order && holds.stateOf(order);
    },
    paymentStarted: (orderId: string, paymentId: string, at: Date = now()): boolean => {
      const order = orders.get(orderId);
      return order !== undefined && holds.started(order, paymentId, at);
    },
    paymentEnded: (orderId: string, paymentId: string): void => {
      const order = orders.get(orderId);
      if (order) holds.ended(order, paymentId);
    },
  } satisfies Partial<Record<keyof CheckoutStore, unknown>>;
  const provider = createWallets(store as unknown as CheckoutStore, store.offersWallets);
  const on = (wallet: unknown) => wallets.includes(wallet as WalletType);
  const notOffered = (wallet: WalletType) =>
    fail(400, 'PAYMENT_METHOD_NOT_AVAILABLE', `${wallet} is not offered (createMockProvider's wallets option).`);
  /** The reply of `answer` once the gate lets the request through; `answer` gets the app instance and the JSON body. */
  const route =
    (answer: (appInstance: string, body: unknown, request: Request) => StoreReply) =>
    async ({ request }: { request: Request }) => {
      const stop = await h.gate(request);
      if (stop) return stop;
      const body = request.method === 'GET' ? undefined : await request.json().catch(() => undefined);
      const reply = answer(request.headers.get('authorization') ?? '', body, request);
      return h.reply(request, reply.body, reply.status);
    };
  /** The provider's reply when it refuses; else, for a wallet not given, 400 PAYMENT_METHOD_NOT_AVAILABLE. */
  const only = (wallet: WalletType, reply: StoreReply) => (reply.status === 200 && !on(wallet) ? notOffered(wallet) : reply);

  const handlers: HttpHandler[] = [
    http.get(
      h.url(P.expressCheckoutWidgetSettings),
      route((appInstance) => {
        const reply = provider.settings(appInstance);
        return { ...reply, body: { ...reply.body, wallets: reply.body.wallets.filter(on) } satisfies ExpressCheckoutSettings };
      }),
    ),
    http.get(
      h.url(P.expressPaymentMethods),
      route((appInstance, _body, request) => {
        const orderId = new URL(request.url).searchParams.get('orderId') ?? undefined;
        const reply = provider.methodsFor(orderId, appInstance);
        if (reply.status !== 200) return reply;
        return { status: 200, body: (reply.body as ExpressPaymentMethod[]).filter((m) => on(m.type)) };
      }),
    ),
    http.post(
      h.url(P.applePayMerchantValidation),
      route((appInstance, body) => only('APPLE_PAY', provider.validateApplePay(body, appInstance))),
    ),
    http.post(
      h.url(P.googlePayStart),
      route((appInstance, body) => only('GOOGLE_PAY', provider.startGooglePay(body, appInstance))),
    ),
    // A wallet's payment token is card data: the vault takes it, `host` has no such route (404).
    http.post(`${vaultOrigin}${P.walletTokens}`, async ({ request }) => {
      const stop = await h.gate(request);
      if (stop) return stop;
      if (faults().captcha) return h.fail(request, 403, 'CAPTCHA_REQUIRED', 'Mock fault: a captcha is required.');
      const body: unknown = await request.json().catch(() => undefined);
      const wallet = (body as { wallet?: unknown } | undefined)?.wallet;
      const appInstance = request.headers.get('authorization') ?? '';
      const reply =
        (wallet === 'APPLE_PAY' || wallet === 'GOOGLE_PAY') && !on(wallet)
          ? notOffered(wallet)
          : tokenizeWallet(store as unknown as CheckoutStore, body, appInstance);
      return h.reply(request, reply.body, reply.status);
    }),
  ];

  return { handlers };
}
