import { setTimeout as sleep } from 'node:timers/promises';
import type { HttpBindings } from '@hono/node-server';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compressReplies } from './deliveryPolicy';
import type { Fault, ProviderState, RecordedRequest } from './ProviderState';
import { applicationError, tokenFingerprint } from './store';

/**
 * The request pipeline the provider's API and its card vault share (DESIGN "Reference provider and
 * bundle"): `Connection: close` and compression on every reply, then every request recorded and
 * its fault (if one is armed) played, on the one {@link ProviderState}, so the fault switches and
 * the request log reach the vault as they reach the API (the chaos run arms card-tokenization faults).
 */

/** Largest request body any route takes: 64 KiB (a bigger one gets 413 PAYLOAD_TOO_LARGE). */
export const MAX_BODY_BYTES = 64 * 1024;

/** Refuses a body over {@link MAX_BODY_BYTES} with 413 PAYLOAD_TOO_LARGE (Hono's bodyLimit; chunked bodies too). */
export function limitBodies(): MiddlewareHandler<ProviderEnv> {
  return bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => c.json(applicationError('PAYLOAD_TOO_LARGE', `Request bodies are limited to ${MAX_BODY_BYTES} bytes.`), 413),
  });
}

/** Hono environment of the provider's apps. */
export type ProviderEnv = {
  Bindings: HttpBindings;
  Variables: {
    /** The request's Authorization fingerprint as recorded (null without one), for faults that name one. */
    tokenFingerprint: string | null;
    /** The app instance its (accepted) Authorization token stands for: what owns orders, charges and card tokens. */
    appInstance: string;
  };
};

/** `Connection: close` on every reply (a dropped connection is never hidden by a keep-alive retry), and compression. */
export function applyDelivery(app: Hono<ProviderEnv>): void {
  app.use('*', async (c, next) => {
    await next();
    c.header('Connection', 'close');
  });
  app.use('*', compressReplies());
}

/** Records every request but control calls in `state` (`server`: which of the provider's servers took it). */
export function recordRequests(state: ProviderState, server: RecordedRequest['server']): MiddlewareHandler<ProviderEnv> {
  return async (c, next) => {
    const url = new URL(c.req.url);
    if (url.pathname.startsWith('/__control')) return next();
    const token = c.req.header('authorization');
    const recorded = state.record({
      method: c.req.method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      tokenFingerprint: token === undefined ? null : tokenFingerprint(token),
      idempotencyKey: c.req.header('idempotency-key') ?? null,
      at: Date.now(),
      server,
    });
    c.set('tokenFingerprint', recorded.tokenFingerprint);
    return next();
  };
}

/** Plays the next armed fault for the request's method, path and token fingerprint (preflights never). */
export function playFaults(state: ProviderState): MiddlewareHandler<ProviderEnv> {
  return async (c, next) => {
    const fault =
      c.req.method === 'OPTIONS'
        ? undefined
        : state.takeFault(c.req.method, new URL(c.req.url).pathname, c.get('tokenFingerprint') ?? null);
    if (!fault) return next();
    return playFault(c, fault, next);
  };
}

/**
 * Spec 6: every API request carries a known app instance token as Authorization (401
 * UNAUTHORIZED otherwise; preflights pass); sets `appInstance`, the app instance it stands for.
 */
export function requireAppInstance(state: ProviderState): MiddlewareHandler<ProviderEnv> {
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return next();
    const token = c.req.header('authorization');
    const appInstance = token === undefined ? undefined : state.appInstances.get(token);
    if (appInstance === undefined) {
      return c.json(applicationError('UNAUTHORIZED', 'Unknown or missing app instance.'), 401);
    }
    c.set('appInstance', appInstance);
    return next();
  };
}

async function playFault(c: Context<ProviderEnv>, fault: Fault, next: () => Promise<void>) {
  if (fault.delayMs) await sleep(fault.delayMs);
  if (fault.drop) {
    c.env.incoming.socket.destroy();
    return new Response(null, { status: 499 });
  }
  if (fault.dropAfterApply) {
    // The request takes effect (a charge is made), then the reply is lost on the way back.
    await next();
    c.env.incoming.socket.destroy();
    return new Response(null, { status: 499 });
  }
  if (fault.status === undefined) return next();
  for (const [name, value] of Object.entries(fault.headers ?? {})) c.header(name, value);
  const body = fault.body ?? applicationError(`HTTP_${fault.status}`, `Fault injected: HTTP ${fault.status}.`);
  if (typeof body === 'string') return c.body(body, fault.status as 500);
  return c.json(body, fault.status as 500);
}
