import { createHash, timingSafeEqual } from 'node:crypto';
import type { Socket } from 'node:net';
import type { HttpBindings } from '@hono/node-server';
import type { Context, Env, Hono } from 'hono';
import { describeLocalPaymentTimingsProblem, isLocalPageAnswer, type LocalPaymentTimings } from '../shared/localPayments';
import { isLoopbackHost } from './isLoopbackHost';
import type { ProviderState } from './ProviderState';
import type { CheckoutStore } from './store';
import { applicationError, describeHoldPolicyProblem, parseSavedCardList, readLocalPageChoices } from './store';

/** The header every control call carries its key in (provider/README.md "Fault switches"). */
export const CONTROL_KEY_HEADER = 'X-Cashier-Control-Key';

/** Shortest control key the provider takes, in characters: `npm start` makes 64 hex digits. */
export const MIN_CONTROL_KEY_LENGTH = 32;

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Mounts the control routes (`/__control/…`: fault switches, settings overrides, accepted tokens,
 * recorded requests and charges, a 3-D Secure challenge's result, the buyer's country, the seat hold policy, the
 * local payments' timings) on `app`. A control call must,
 * in this order: name this server's loopback address and port as its Host (else 403 LOOPBACK_HOST_REQUIRED: DNS
 * rebinding), carry `key` in {@link CONTROL_KEY_HEADER} (else 403 CONTROL_KEY_REQUIRED, compared
 * in constant time: a plain client or a same-machine reverse proxy sends a loopback Host too),
 * and, for a POST, be JSON (else 415 JSON_REQUIRED). A refused call changes nothing.
 * @throws TypeError when `key` is shorter than {@link MIN_CONTROL_KEY_LENGTH}.
 */
export function mountControl<E extends Env>(app: Hono<E>, state: ProviderState, store: CheckoutStore, key: string): void {
  if (typeof key !== 'string' || key.length < MIN_CONTROL_KEY_LENGTH) {
    throw new TypeError(`controlKey must be at least ${MIN_CONTROL_KEY_LENGTH} characters (npm start makes a random one).`);
  }
  const expected = digest(key);
  // Only for this server's loopback names: a page on another name that resolves to 127.0.0.1
  // (DNS rebinding) is same-origin with us to its browser, but still sends its own Host.
  app.use('/__control/*', async (c, next) => {
    const host = c.req.header('host');
    const { port, defaultPort } = serverPort(c as unknown as Context);
    if (!isLoopbackHost(host, port, defaultPort)) {
      const got = host === undefined ? 'no Host' : `Host ${JSON.stringify(host.slice(0, 100))}`;
      const allowed = `localhost:${port}, 127.0.0.1:${port} or [::1]:${port}`;
      return c.json(
        applicationError(
          'LOOPBACK_HOST_REQUIRED',
          `Control calls answer only Host ${allowed} (a guard against DNS rebinding); got ${got}.`,
        ),
        403,
      );
    }
    return next();
  });
  // The key: whatever the Host says, only a caller that was told the key (npm start prints it).
  app.use('/__control/*', async (c, next) => {
    const given = c.req.header(CONTROL_KEY_HEADER);
    if (given === undefined || !timingSafeEqual(digest(given), expected)) {
      return c.json(
        applicationError(
          'CONTROL_KEY_REQUIRED',
          `Control calls need the key npm start printed, in the ${CONTROL_KEY_HEADER} header; ${given === undefined ? 'none was sent' : 'that one is wrong'}.`,
        ),
        403,
      );
    }
    return next();
  });
  // Only JSON: a cross-site page can send a "simple" text/plain or form POST without a
  // preflight, and must not be able to arm faults or reset state while `npm start` runs.
  app.post('/__control/*', async (c, next) => {
    const type = c.req.header('content-type') ?? '';
    if (!/^application\/json\b/i.test(type)) {
      return c.json(applicationError('JSON_REQUIRED', 'Control calls take Content-Type: application/json.'), 415);
    }
    return next();
  });
  app.get('/__control/charges', (c) => c.json(store.allCharges()));
  app.post('/__control/faults', async (c) => {
    try {
      return c.json(state.addFault(await c.req.json()));
    } catch (error) {
      return c.json(applicationError('BAD_FAULT', (error as Error).message), 400);
    }
  });
  app.post('/__control/settings', async (c) => {
    const body: unknown = await c.req.json();
    state.settingsOverrides = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    return c.json(state.settingsOverrides);
  });
  app.post('/__control/app-instances', async (c) => {
    const body = (await c.req.json()) as { add?: unknown; remove?: unknown; instance?: unknown };
    const instance = typeof body.instance === 'string' ? body.instance : undefined;
    for (const token of Array.isArray(body.add) ? body.add : [])
      if (typeof token === 'string') state.appInstances.set(token, instance ?? token);
    for (const token of Array.isArray(body.remove) ? body.remove : [])
      if (typeof token === 'string') state.appInstances.delete(token);
    return c.json({ count: state.appInstances.size });
  });
  // Members (issue 25): which app instance carries which member, and that member's saved cards.
  app.post('/__control/members', async (c) => {
    const { appInstance, member, cards } = (await c.req.json().catch(() => ({}))) as Record<string, unknown>;
    if (typeof appInstance !== 'string' || (member !== null && typeof member !== 'string')) {
      return c.json(applicationError('BAD_MEMBER', 'Expected { appInstance, member: string | null, cards? }.'), 400);
    }
    let list: ReturnType<typeof parseSavedCardList> | undefined;
    try {
      list = cards === undefined ? undefined : parseSavedCardList(cards);
    } catch (error) {
      return c.json(applicationError('BAD_CARDS', (error as Error).message), 400);
    }
    if (member === null) state.members.delete(appInstance);
    else state.members.set(appInstance, member);
    if (list && member !== null) store.savedCards.setCards(member, list);
    return c.json({ appInstance, member, cards: list === undefined ? undefined : list.length });
  });
  app.get('/__control/requests', (c) => {
    const path = c.req.query('path');
    const after = Number(c.req.query('after') ?? 0);
    if (!Number.isInteger(after) || after < 0) {
      return c.json(applicationError('BAD_QUERY', `after must be a whole number ≥ 0 (a seq), got ${c.req.query('after')}.`), 400);
    }
    const requests = after > 0 ? state.requestsAfter(after) : state.requests;
    return c.json(path ? requests.filter((r) => r.path === path) : requests);
  });
  // A 3-D Secure challenge's result without its page (e2e, the chaos run): as the page's buttons would record it.
  app.post('/__control/three-ds/:challengeId', async (c) => {
    const { outcome } = (await c.req.json().catch(() => ({}))) as { outcome?: unknown };
    if (outcome !== 'complete' && outcome !== 'fail') {
      return c.json(
        applicationError('BAD_OUTCOME', `outcome must be "complete" or "fail", got ${JSON.stringify(outcome)}.`),
        400,
      );
    }
    const result = store.threeDs.record(c.req.param('challengeId'), outcome);
    if (result.status === 'unknown') return c.json(applicationError('CHALLENGE_NOT_FOUND', 'No such challenge.'), 404);
    if (result.status === 'closed') {
      return c.json(applicationError('CHALLENGE_CLOSED', 'The challenge was answered, cancelled or expired already.'), 409);
    }
    return c.json(result.charge);
  });
  // Where buyer country resolution places the buyer: a loopback caller cannot be placed, so tests choose.
  app.post('/__control/buyer-country', async (c) => {
    const { country } = (await c.req.json().catch(() => ({}))) as { country?: unknown };
    if (country !== null && (typeof country !== 'string' || !/^[A-Za-z]{2}$/.test(country))) {
      return c.json(
        applicationError(
          'BAD_COUNTRY',
          `country must be two letters (ISO 3166-1 alpha-2) or null, got ${JSON.stringify(country)}.`,
        ),
        400,
      );
    }
    state.buyerCountry = country === null ? null : country.toUpperCase();
    return c.json({ country: state.buyerCountry });
  });
  // Seat holds (issue 37): the default extensions of new orders and the grace limit, so a test can extend and approve late.
  app.post('/__control/holds', async (c) => {
    const change: unknown = await c.req.json().catch(() => undefined);
    const problem = describeHoldPolicyProblem(change);
    if (problem) return c.json(applicationError('BAD_HOLD_POLICY', problem), 400);
    return c.json(store.setHoldPolicy(change as Parameters<typeof store.setHoldPolicy>[0]));
  });
  // Local payments (issue 38): how soon a pending payment settles and BLIK answers or expires, so tests need not wait 120 s.
  app.post('/__control/local-payments', async (c) => {
    const change: unknown = await c.req.json().catch(() => undefined);
    const problem = describeLocalPaymentTimingsProblem(change);
    if (problem) return c.json(applicationError('BAD_LOCAL_PAYMENT_TIMINGS', problem), 400);
    return c.json(store.localPayments.setTimings(change as Partial<LocalPaymentTimings>));
  });
  // A local method's page answered without the page (e2e, the chaos run): as its buttons would record it.
  app.post('/__control/local-payments/:chargeId', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as Record<string, unknown>;
    if (!isLocalPageAnswer(body.answer)) {
      return c.json(
        applicationError(
          'BAD_ANSWER',
          `answer must be "approve", "decline", "pending" or "cancel", got ${JSON.stringify(body.answer)}.`,
        ),
        400,
      );
    }
    const result = store.localPayments.record(c.req.param('chargeId'), body.answer, readLocalPageChoices(body));
    if (result.status === 'unknown')
      return c.json(applicationError('LOCAL_PAYMENT_NOT_FOUND', 'No such page (unknown, or BLIK).'), 404);
    if (result.status === 'closed') {
      return c.json(applicationError('LOCAL_PAYMENT_CLOSED', 'The payment was answered, cancelled or expired already.'), 409);
    }
    return c.json(result.charge);
  });
  app.post('/__control/reset', (c) => {
    state.reset();
    return c.json({ ok: true });
  });
}

/**
 * The port the request arrived on (the socket's, not the URL's: on a server the URL is built from
 * the Host header) and the scheme's default port, for {@link isLoopbackHost}. In process
 * (`app.request`, as unit tests call it) there is no socket, and the URL the caller chose stands in.
 */
function serverPort(c: Context): { port: number; defaultPort: number } {
  const socket = (c.env as Partial<HttpBindings> | undefined)?.incoming?.socket as (Socket & { encrypted?: boolean }) | undefined;
  if (socket?.localPort) return { port: socket.localPort, defaultPort: socket.encrypted ? 443 : 80 };
  const url = new URL(c.req.url);
  const defaultPort = url.protocol === 'https:' ? 443 : 80;
  return { port: url.port ? Number(url.port) : defaultPort, defaultPort };
}
