import type { CashierConfiguration, ProviderRequest } from '../shared';

/**
 * How long a warm-up's replies stay good for the mount that adopts its frame (ms): a buyer who
 * takes longer than this to reach the payment step gets fresh ones (buyer info may have changed).
 */
export const WARM_REPLY_MAX_AGE_MS = 10 * 60_000;

/** A provider client's `request`. */
export type Send = (config: ProviderRequest) => Promise<unknown>;

/** Whose replies they are: the provider and the app instance (and msid) they were asked with. */
export interface WarmScope {
  host: string;
  configuration: CashierConfiguration;
}

/** One request's identity: its path and query. */
const keyOf = ({ path, params }: ProviderRequest) => `${path}?${new URLSearchParams(params ?? {})}`;

/** A GET with nothing but a path and a query: a reply to it may be kept (one that wants the reply's `Date` is not). */
const plainGet = (config: ProviderRequest) =>
  config.method.toLowerCase() === 'get' && !config.onDate && !config.headers && config.data === undefined;

const sameScope = (a: WarmScope, b: WarmScope) =>
  a.host === b.host &&
  a.configuration.appInstance === b.configuration.appInstance &&
  a.configuration.msid === b.configuration.msid;

/** The replies a warm-up asked for (see {@link createWarmReplies}). */
export interface WarmReplies {
  /**
   * The warm-up's `request` (the bundle's `preload`): sends as `send` does and keeps each plain
   * GET's reply (a path and a query only), in flight or settled, for the next {@link WarmReplies.serve} of the same scope. A reply
   * that fails is dropped. Replaces what an earlier warm-up kept.
   */
  record(scope: WarmScope, send: Send): Send;
  /**
   * The mount's `request`: a plain GET the warm-up asked for, with the same scope, not older than
   * WARM_REPLY_MAX_AGE_MS, is answered from memory, once; a warm reply that fails then is asked of
   * `send`, with the mount's own retries and revalidation. Anything else goes to `send`. The first
   * mount takes them all: the next one (a page back from the back/forward cache) asks the provider.
   */
  serve(scope: WarmScope, send: Send): Send;
}

/**
 * The provider's replies a preloadCashier warm-up asked for in the frame (issue 36 item 4), kept in
 * memory for the mount that adopts that frame: the frame keeps its document, so the bundle module
 * and what it holds are the mount's too. Never in storage: the app instance's replies stay in the
 * frame's heap. `now` is the clock (tests).
 */
export function createWarmReplies(now: () => number = Date.now): WarmReplies {
  let kept: { scope: WarmScope; at: number; replies: Map<string, Promise<unknown>> } | undefined;
  return {
    record(scope, send) {
      const replies = new Map<string, Promise<unknown>>();
      kept = { scope, at: now(), replies };
      return (config) => {
        const reply = send(config);
        if (!plainGet(config)) return reply;
        const key = keyOf(config);
        replies.set(key, reply);
        reply.catch(() => replies.delete(key));
        return reply;
      };
    },
    serve(scope, send) {
      const fresh = kept && sameScope(kept.scope, scope) && now() - kept.at <= WARM_REPLY_MAX_AGE_MS;
      const replies = fresh ? kept?.replies : undefined;
      kept = undefined;
      return (config) => {
        const key = keyOf(config);
        const reply = plainGet(config) ? replies?.get(key) : undefined;
        if (!reply) return send(config);
        replies?.delete(key);
        return reply.catch(() => send(config));
      };
    },
  };
}
