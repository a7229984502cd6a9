import { HttpResponse, http } from 'msw';
import type { SetupServer } from 'msw/node';
import { expect, type Mock, vi } from 'vitest';
import { type Charge, createProviderClient, ProviderPaths as P, type ProviderClient, type ProviderRequest } from '../../shared';
import { json, preflight } from './httpWidget';
import { HOST, mountWidget, VAULT, WAIT } from './mountWidget';

/**
 * The widget mounted for `ord_1` with the wallets offered, over HTTP (msw) through the real provider
 * client, for the wallet tests (issue 25 item 4). The browser's wallet APIs are test doubles the
 * tests install (`vi.stubGlobal`); no real wallet sheet is exercised.
 */

export { HOST, VAULT };

/** Ord_1's charge: `status` APPROVED unless given. */
export const charge = (status: Charge['status'] = 'APPROVED'): Charge => ({
  id: 'ch_w',
  orderId: 'ord_1',
  status,
  amount: { amount: 2500, currency: 'EUR' },
  paymentMethod: 'CARD',
  createdAt: '2025-01-01T00:00:00Z',
  ...(status === 'DECLINED' ? { declineCode: 'card_declined' } : {}),
});

/** What the provider answers the charges POST (in turn, the last repeats) and the charges GET. */
export interface Replies {
  charge: Array<'lost' | 'alreadyPaid' | Charge>;
  charges: Array<'down' | Charge[]>;
  /** Google Pay start's reply; default {@link GOOGLE_PAY_START}. */
  googlePayStart?: unknown;
}

/** Google Pay start's reply for ord_1 (25.00 EUR), as the reference provider's: the signed amount the sheet shows. */
export const GOOGLE_PAY_START = {
  apiVersion: 2,
  transactionInfo: { totalPrice: '25.00', currencyCode: 'EUR' },
  signedAmount: { totalPrice: '25.00', currencyCode: 'EUR', signature: 'sig_ord_1' },
};

/** A provider request as logged: `METHOD origin path`, and a charge's Idempotency-Key. */
export interface Logged {
  line: string;
  key?: string | null;
  body?: unknown;
}

/** Installs the provider on `server`; returns its request log (preflights left out). */
export function provider(server: SetupServer, replies: Replies): Logged[] {
  const log: Logged[] = [];
  const next = <T,>(list: T[]) => (list.length > 1 ? (list.shift() as T) : (list[0] as T));
  const url = (path: string, origin = HOST) => `${origin}${path}`;
  const record = async ({ request }: { request: Request }) => {
    const { origin, pathname } = new URL(request.url);
    const body = request.method === 'POST' ? await request.clone().json() : undefined;
    log.push({
      line: `${request.method} ${origin === VAULT ? 'vault ' : ''}${pathname}`,
      key: request.headers.get('idempotency-key'),
      body,
    });
  };
  server.use(
    http.options(`${HOST}/*`, preflight),
    http.options(`${VAULT}/*`, preflight),
    http.all(`${HOST}/*`, record),
    http.all(`${VAULT}/*`, record),
    http.get(url(P.paymentMethodsByOrder('ord_1')), ({ request }) => json(request, [{ type: 'CARD', label: 'Card' }])),
    http.get(url(P.expressPaymentMethods), ({ request }) =>
      json(request, [
        { type: 'APPLE_PAY', label: 'Apple Pay' },
        { type: 'GOOGLE_PAY', label: 'Google Pay' },
      ]),
    ),
    http.get(url(P.expressCheckoutWidgetSettings), ({ request }) =>
      json(request, {
        wallets: ['APPLE_PAY', 'GOOGLE_PAY'],
        merchantId: 'm_1',
        merchantName: 'Tickets',
        countryCode: 'DE',
        currencyCode: 'EUR',
      }),
    ),
    http.get(url(P.order('ord_1')), ({ request }) =>
      json(request, { id: 'ord_1', status: 'AWAITING_PAYMENT', total: { amount: 2500, currency: 'EUR' } }),
    ),
    http.post(url(P.applePayMerchantValidation), ({ request }) => json(request, { merchantSession: 'ms_1' })),
    http.post(url(P.googlePayStart), ({ request }) => json(request, replies.googlePayStart ?? GOOGLE_PAY_START)),
    http.post(url(P.walletTokens, VAULT), ({ request }) => json(request, { token: 'tok_w' })),
    http.post(url(P.chargesByOrder('ord_1')), ({ request }) => {
      const reply = next(replies.charge);
      if (reply === 'lost') return HttpResponse.error();
      if (reply === 'alreadyPaid')
        return json(request, { message: 'paid', details: { applicationError: { code: 'ORDER_ALREADY_PAID' } } }, 409);
      return json(request, reply);
    }),
    http.get(url(P.chargesByOrder('ord_1')), ({ request }) => {
      const reply = next(replies.charges);
      return reply === 'down' ? json(request, {}, 503) : json(request, reply);
    }),
    http.all(`${HOST}/*`, ({ request }) => json(request, {}, 404)),
    http.all(`${VAULT}/*`, ({ request }) => json(request, {}, 404)),
  );
  return log;
}

/** A mounted widget: its container, its api, the host's `onPaymentResult`, the provider client's call count, the wallet's button. */
export interface MountedWallets {
  container: HTMLElement;
  api: { pay(input: unknown): Promise<unknown> };
  onPaymentResult: Mock<(result: unknown) => void>;
  calls: { count: number };
  button: () => HTMLButtonElement;
}

/**
 * Mounts the widget for ord_1 with {@link mountWidget} (its container removed after the test);
 * resolves once `button` (its name) shows and is enabled. `calls` counts the provider client's
 * calls as they are made (synchronously, unlike the HTTP log).
 */
export async function mountWallets(button: RegExp): Promise<MountedWallets> {
  const onPaymentResult = vi.fn<(result: unknown) => void>();
  const client = createProviderClient({ host: HOST, vaultOrigin: VAULT, getAppInstance: () => 'tok' });
  const calls = { count: 0 };
  const counted =
    (send: (config: ProviderRequest) => Promise<unknown>) =>
    (config: ProviderRequest): Promise<unknown> => {
      calls.count += 1;
      return send(config);
    };
  const providerClient: ProviderClient = {
    ...client,
    request: counted(client.request),
    vault: { origin: VAULT, request: counted(client.vault.request) },
  };
  const { api, container } = await mountWidget({ providerClient, onPaymentResult, payPalOrigin: undefined });
  const find = () => [...container.querySelectorAll('button')].find((b) => button.test(b.textContent ?? ''));
  await vi.waitFor(() => expect(find()?.disabled).toBe(false), WAIT);
  return { container, api, onPaymentResult, calls, button: () => find() as HTMLButtonElement };
}

/** The text of the widget's alert or status line. */
export const notice = (container: HTMLElement) =>
  container.querySelector('[role=alert], [role=status]')?.textContent ?? undefined;

/** Provider lines of the log, e.g. `POST /…/charges`. */
export const lines = (log: Logged[]) => log.map((l) => l.line);

/** The charges POSTed for ord_1. */
export const charges = (log: Logged[]) => log.filter((l) => l.line === `POST ${P.chargesByOrder('ord_1')}`);
