import { type HttpHandler, HttpResponse, http } from 'msw';
import { type SetupServer, setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import type { CashierWidgetProps, Charge } from '../../shared';
import { HOST, type MountedWidget, mountWidget, VAULT } from './mountWidget';

/**
 * The widget mounted over HTTP (msw) through the real provider client, for the tests that drive
 * one behaviour against a provider whose replies they write (a late reply, a clock jump, a request
 * body to check). Each test file takes its server from {@link setupHttpServer}; this installs the routes on it. The
 * tests run outside React's act environment (`IS_REACT_ACT_ENVIRONMENT = false`) and wait on the
 * DOM with vi.waitFor, as the other msw-driven widget tests do.
 */

export { HOST, PAYPAL, VAULT, WAIT } from './mountWidget';

/**
 * The test file's msw server, listening for the whole file (an unhandled request is an error).
 * After each test: the page's body emptied (the widget's container), the charge journal
 * (sessionStorage), the routes, mocks and fake timers reset. Call once, at the file's top level.
 */
export function setupHttpServer(): SetupServer {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterAll(() => server.close());
  afterEach(() => {
    document.body.replaceChildren();
    sessionStorage.clear();
    server.resetHandlers();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });
  return server;
}

/** An approved card charge of `ord_1`, with what a test changes in `over`. */
export const approvedCharge = (over: Partial<Charge> = {}): Charge => ({
  id: 'ch_1',
  orderId: 'ord_1',
  status: 'APPROVED',
  amount: { amount: 100, currency: 'EUR' },
  paymentMethod: 'CARD',
  createdAt: '',
  ...over,
});

/** A request as the provider saw it: `METHOD path` (`vault ` before the vault's paths) and a POST's JSON body. */
export interface Sent {
  line: string;
  body?: unknown;
}

const cors = (request: Request) => ({ 'Access-Control-Allow-Origin': request.headers.get('origin') ?? '*' });

/** A JSON reply with the CORS header jsdom's XHR asks for. */
export const json = (request: Request, body: unknown, status = 200) =>
  HttpResponse.json(body as object, { status, headers: cors(request) });

/** The CORS preflight answer the provider client's requests need (its headers and methods). */
export const preflight = ({ request }: { request: Request }) =>
  HttpResponse.text(null, {
    status: 204,
    headers: {
      ...cors(request),
      'Access-Control-Allow-Headers': 'Authorization, Content-Type, Idempotency-Key',
      'Access-Control-Allow-Methods': 'GET, POST, PATCH, DELETE',
    },
  });

/** Installs `routes` on `server` behind CORS preflights and a request log, and a 404 for anything else; returns the log. */
export function serveProvider(server: SetupServer, routes: HttpHandler[]): Sent[] {
  const log: Sent[] = [];
  const record = async ({ request }: { request: Request }) => {
    const { origin, pathname } = new URL(request.url);
    const body = request.method === 'POST' ? await request.clone().json() : undefined;
    log.push({ line: `${request.method} ${origin === VAULT ? 'vault ' : ''}${pathname}`, body });
  };
  server.use(
    http.options(`${HOST}/*`, preflight),
    http.options(`${VAULT}/*`, preflight),
    http.all(`${HOST}/*`, record),
    http.all(`${VAULT}/*`, record),
    ...routes,
    http.all(`${HOST}/*`, ({ request }) => json(request, {}, 404)),
    http.all(`${VAULT}/*`, ({ request }) => json(request, {}, 404)),
  );
  return log;
}

/** A widget mounted by {@link mountOverHttp}: its api, its handle (update, destroy) and its props. */
export type HttpWidget = Pick<MountedWidget, 'api' | 'instance' | 'props'>;

/** Mounts the widget in `container` for `ord_1` (unless `over` says otherwise), in English, over HOST and VAULT. */
export const mountOverHttp = (container: HTMLElement, over: Partial<CashierWidgetProps> = {}): Promise<HttpWidget> =>
  mountWidget(over, container);

/** Types `value` into `field` as a buyer does (the value setter, then an input or change event). */
export function typeInto(field: HTMLInputElement | HTMLSelectElement | null, value: string): void {
  if (!field) throw new Error('no such field');
  const proto = field instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

/** The field of `container` with the autocomplete token `token` (cc-number, postal-code, country…). */
export const fieldOf = <T extends HTMLElement = HTMLInputElement>(container: HTMLElement, token: string) =>
  container.querySelector<T>(`[autocomplete="${token}"]`);

/** Fills the new card's fields with a valid Visa card and the buyer's e-mail. */
export function fillCard(container: HTMLElement): void {
  typeInto(fieldOf(container, 'cc-name'), 'Ada Lovelace');
  typeInto(fieldOf(container, 'cc-number'), '4242424242424242');
  typeInto(fieldOf(container, 'cc-exp'), '12/30');
  typeInto(fieldOf(container, 'cc-csc'), '123');
  typeInto(fieldOf(container, 'email'), 'ada@example.com');
}
