import type { SetupServer } from 'msw/node';
import { expect, vi } from 'vitest';
import { ProviderPaths as P } from '../../shared';
import { WAIT } from './mountWidget';
import { GOOGLE_PAY_START, mountWallets, provider, type Replies } from './walletMount';

/**
 * Apple Pay and Google Pay as the wallet tests drive them (issue 25 item 4): each browser API a TEST
 * DOUBLE (no real sheet) installed for one test, and the buyer's moves on the sheet the widget's
 * click opened. The moves call the double's callbacks directly, with no act(): the wallet tests run
 * outside React's act environment and wait on the DOM (`vi.waitFor`), as a browser would update it.
 * wallets.test.tsx runs what both wallets do once for each driver.
 */
export interface WalletDriver {
  /** The wallet's name as its button says it ("Pay with Apple Pay"). */
  name: 'Apple Pay' | 'Google Pay';
  /** Stubs the browser's API with the double, its record emptied (vitest unstubs it after the test). */
  install(): void;
  /** What the double saw, in order: `new`, `begin`, `show`, `complete success`… */
  readonly events: string[];
  /** The events the click itself causes, synchronously: the sheet opens in the user gesture. */
  openedInClick: string[];
  /** The POSTs the buttons send as they show, before any click (Google Pay start). */
  postsOnShow: string[];
  /** The buyer pays on the open sheet (Apple Pay: once the merchant is validated). */
  pay(): Promise<void>;
  /** The buyer closes the sheet without paying. */
  cancel(): void;
  /** What the widget must send the vault for the paid sheet's token, for ord_1. */
  tokenRequest: Record<string, unknown>;
}

/**
 * A wallet test's timeout: a mount and several waits of up to WAIT each, so that a wait that fails
 * reports what it waited for instead of the test timing out first (vitest's default is WAIT's 5 s).
 */
export const TEST_TIMEOUT = 20_000;

/** How the double's sheet was completed, in order: `success` or `failure`. */
export const completions = (driver: WalletDriver) =>
  driver.events.filter((e) => e.startsWith('complete ')).map((e) => e.slice('complete '.length));

/** A driver's `install`: the double's record emptied (`events`, and what `forget` resets), the double stubbed as the browser's `api`. */
const installer = (events: string[], api: string, double: unknown, forget: () => void) => () => {
  events.length = 0;
  forget();
  vi.stubGlobal(api, double);
};

/** Where the Apple Pay sheet asks the merchant to be validated. */
export const APPLE_PAY_VALIDATION_URL = 'https://apple-pay-gateway.apple.com/x';
const APPLE_PAY_TOKEN = { paymentData: { data: 'simulated' } };

function applePayDriver() {
  const events: string[] = [];
  let created: Session | undefined;
  /** The ApplePaySession double. */
  class Session {
    static STATUS_SUCCESS = 0;
    static STATUS_FAILURE = 1;
    static canMakePayments = () => true;
    onvalidatemerchant: ((e: { validationURL: string }) => void) | null = null;
    onpaymentauthorized: ((e: { payment: { token: unknown } }) => void) | null = null;
    oncancel: ((e: unknown) => void) | null = null;
    constructor(
      readonly version: number,
      readonly request: { total: { label: string; amount: string } },
    ) {
      events.push('new');
      created = this;
    }
    begin = () => void events.push('begin');
    abort = () => void events.push('abort');
    completeMerchantValidation = (s: unknown) => void events.push(`validated ${JSON.stringify(s)}`);
    completePayment = ({ status }: { status: number }) =>
      void events.push(
        `complete ${status === Session.STATUS_SUCCESS ? 'success' : status === Session.STATUS_FAILURE ? 'failure' : status}`,
      );
  }
  /** The session the click created. */
  const session = () => created ?? expect.unreachable('the click created no ApplePaySession');
  /** The sheet asks for the merchant's validation; resolves once the provider's merchant session is back on it. */
  const validateMerchant = async () => {
    session().onvalidatemerchant?.({ validationURL: APPLE_PAY_VALIDATION_URL });
    await vi.waitFor(() => expect(events).toContain('validated {"merchantSession":"ms_1"}'), WAIT);
  };
  const driver: WalletDriver = {
    name: 'Apple Pay',
    events,
    install: installer(events, 'ApplePaySession', Session, () => {
      created = undefined;
    }),
    openedInClick: ['new', 'begin'],
    postsOnShow: [],
    pay: async () => {
      await validateMerchant();
      session().onpaymentauthorized?.({ payment: { token: APPLE_PAY_TOKEN } });
    },
    cancel: () => session().oncancel?.({}),
    tokenRequest: { wallet: 'APPLE_PAY', orderId: 'ord_1', token: APPLE_PAY_TOKEN },
  };
  return Object.assign(driver, { session, validateMerchant });
}

/** Google Pay's payment data as its sheet answers with a token. */
const GOOGLE_PAY_PAID = { paymentMethodData: { tokenizationData: { token: '{"signature":"simulated"}' } } };

function googlePayDriver() {
  const events: string[] = [];
  let open: { resolve(details: unknown): void; reject(error: unknown): void } | undefined;
  let shown: { methods: Array<{ supportedMethods: string; data: unknown }>; total: unknown } | undefined;
  /** The PaymentRequest double: `show()` records what the sheet shows and waits for the buyer. */
  class Request {
    constructor(
      readonly methods: Array<{ supportedMethods: string; data: unknown }>,
      readonly details: { total: unknown },
    ) {}
    canMakePayment = () => Promise.resolve(true);
    show() {
      events.push('show');
      shown = { methods: this.methods, total: this.details.total };
      return new Promise((resolve, reject) => {
        const said: Record<string, string> = { success: 'success', fail: 'failure' };
        const complete = async (r: string) => void events.push(`complete ${said[r] ?? r}`);
        open = { resolve: (details) => resolve({ details, complete }), reject };
      });
    }
  }
  /** The sheet the click showed: `resolve` answers with payment data, `reject` closes it with an error. */
  const sheet = () => open ?? expect.unreachable('the click showed no sheet');
  const driver: WalletDriver = {
    name: 'Google Pay',
    events,
    install: installer(events, 'PaymentRequest', Request, () => {
      open = undefined;
      shown = undefined;
    }),
    openedInClick: ['show'],
    postsOnShow: [`POST ${P.googlePayStart}`],
    pay: async () => sheet().resolve(GOOGLE_PAY_PAID),
    cancel: () => sheet().reject(new DOMException('The sheet was closed.', 'AbortError')),
    tokenRequest: {
      wallet: 'GOOGLE_PAY',
      orderId: 'ord_1',
      token: GOOGLE_PAY_PAID.paymentMethodData.tokenizationData.token,
      amount: GOOGLE_PAY_START.signedAmount,
    },
  };
  /** What the sheet was asked to show: its payment methods and total. */
  const asked = () => shown;
  return Object.assign(driver, { sheet, shown: asked });
}

/** Apple Pay, with ApplePaySession a double: `session()` the one the click created, `validateMerchant()`. */
export const applePay = applePayDriver();
/** Google Pay through the Payment Request API, a double: `sheet()` the one the click showed, `shown()` what it shows. */
export const googlePay = googlePayDriver();

/**
 * Installs the provider answering `replies` on `server`, mounts the widget and clicks "Pay with
 * <wallet>": the mount, the provider's request log, and what the click itself did, synchronously
 * (the double's events and the number of provider calls).
 */
export async function clickWallet(server: SetupServer, driver: WalletDriver, replies: Replies) {
  const log = provider(server, replies);
  const mounted = await mountWallets(new RegExp(driver.name));
  const before = mounted.calls.count;
  mounted.button().click();
  const inClick = { events: [...driver.events], requests: mounted.calls.count - before };
  return { ...mounted, log, inClick };
}
