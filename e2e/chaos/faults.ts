import { BUNDLE_FILE_MIN, ProviderPaths } from '../../shared';
import type { Fault } from '../support/provider';
import type { FaultTarget, MountPlan, PlannedFault } from './plan';

/** What a mount's planned faults need to become the provider's: its token's fingerprint, its order, the provider's origin. */
export interface FaultContext {
  /** `tokenFingerprint(appInstance)` of the mount: every fault applies to its requests only. */
  tokenFingerprint: string;
  /** The order it is mounted for, when it has one. */
  orderId?: string;
  /** The provider's origin, e.g. http://127.0.0.1:4275. */
  providerOrigin: string;
}

/** The provider path of a statics base URL that only this mount's settings name (its bundle there answers 404). */
export function goneStaticsBase(plan: Pick<MountPlan, 'mount'>): string {
  return `/statics/gone-${plan.mount}`;
}

/**
 * The provider faults (provider/README.md "Fault switches") of one planned fault, for one mount's
 * token only. A `statics` 404 is two: the mount's settings reply names a base URL of its own, and
 * the bundle under it answers 404 (a statics redeploy as one widget sees it). Throws Error when a
 * payment fault has no order to name.
 */
export function providerFaults(fault: PlannedFault, context: FaultContext & { checkoutId?: string; chargeId?: string }): Fault[] {
  const only = { tokenFingerprint: context.tokenFingerprint, times: fault.times };
  const path = pathOf(fault, context);
  const method = POSTS.has(fault.target) ? 'POST' : 'GET';
  const at = { path, method, ...only };
  switch (fault.kind) {
    case 'drop':
      return [{ ...at, drop: true }];
    case 'lost-reply':
      return [{ ...at, dropAfterApply: true }];
    case '5xx':
    case '4xx':
      return [{ ...at, status: fault.status ?? 500 }];
    case '429':
      return [{ ...at, status: 429, ...(fault.retryAfterS ? { headers: { 'Retry-After': String(fault.retryAfterS) } } : {}) }];
    case '401':
      return [{ ...at, status: 401 }];
    case 'captcha':
      return [
        {
          ...at,
          status: 403,
          body: { message: 'Solve the captcha.', details: { applicationError: { code: 'CAPTCHA_REQUIRED' } } },
        },
      ];
    case 'slow':
      return [{ ...at, delayMs: fault.delayMs ?? 1_000 }];
    case 'malformed':
      return [{ ...at, status: 200, body: malformedSettings(fault.body) }];
    case '404':
      return [];
  }
}

/** The targets whose requests are POSTs (the others' are GETs). */
const POSTS = new Set<FaultTarget>(['tokenize', 'charge', 'saved-card-token', 'paypal-create', 'paypal-capture']);

/**
 * Every provider fault of a mount that can be armed before it is mounted, in plan order (a statics
 * 404 needs `mount` for its base URL). PayPal capture faults are left out: their path names the
 * checkout, which the run arms them for once the popup shows it ({@link captureFaults}); so are
 * local charge poll faults, whose path names the charge ({@link pollFaults}).
 */
export function mountFaults(plan: MountPlan, context: FaultContext): Fault[] {
  return plan.faults.flatMap((fault) => {
    if (fault.target === 'paypal-capture' || fault.target === 'charge-poll') return [];
    if (fault.kind !== '404') return providerFaults(fault, context);
    const base = goneStaticsBase(plan);
    return [
      {
        path: ProviderPaths.widgetSettings,
        method: 'GET',
        tokenFingerprint: context.tokenFingerprint,
        status: 200,
        body: { widgetStaticsBaseUrl: `${context.providerOrigin}${base}` },
      },
      { path: `${base}/${BUNDLE_FILE_MIN}`, method: 'GET', status: 404, times: 3 },
    ];
  });
}

/**
 * The provider faults of a mount's PayPal capture faults (issue 25), for the checkout `checkoutId`
 * its popup shows: armed by the run before it approves, so the capture that follows meets them.
 */
export function captureFaults(plan: MountPlan, context: FaultContext, checkoutId: string): Fault[] {
  return plan.faults.filter((f) => f.target === 'paypal-capture').flatMap((f) => providerFaults(f, { ...context, checkoutId }));
}

/**
 * The provider faults of a mount's local charge poll faults (issue 38), for the charge `chargeId`
 * (a redirect method's popup names it; BLIK's is read from the provider): armed by the run as soon
 * as it knows the charge, so the widget's reads of it while the buyer or the bank answers meet them.
 */
export function pollFaults(plan: MountPlan, context: FaultContext, chargeId: string): Fault[] {
  return plan.faults.filter((f) => f.target === 'charge-poll').flatMap((f) => providerFaults(f, { ...context, chargeId }));
}

function pathOf(fault: PlannedFault, context: FaultContext & { checkoutId?: string; chargeId?: string }): string {
  switch (fault.target) {
    case 'settings':
    case 'statics':
      return ProviderPaths.widgetSettings;
    case 'tokenize':
      return ProviderPaths.cardTokenization;
    case 'saved-card-token':
      return ProviderPaths.savedCardTokens;
    case 'paypal-create':
      return ProviderPaths.payPalCheckoutCreate;
    case 'paypal-capture':
      if (!context.checkoutId) throw new Error('a PayPal capture fault needs the checkout (captureFaults)');
      return ProviderPaths.payPalPaymentDetails(context.checkoutId);
    case 'charge-poll':
      if (!context.chargeId) throw new Error('a charge poll fault needs the charge (pollFaults)');
      return ProviderPaths.charge(context.chargeId);
  }
  if (!context.orderId) throw new Error(`a ${fault.target} fault needs the mount's order`);
  if (fault.target === 'payment-methods') return ProviderPaths.paymentMethodsByOrder(context.orderId);
  return ProviderPaths.chargesByOrder(context.orderId); // the charge (POST) or reading the charges (GET)
}

function malformedSettings(body: PlannedFault['body']): unknown {
  if (body === 'no-base-url') return { devMode: false };
  if (body === 'base-url-not-string') return { widgetStaticsBaseUrl: 42 };
  return 'widgetStaticsBaseUrl=nope; this is not JSON {';
}
