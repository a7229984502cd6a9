import { BUNDLE_FILE_MIN, ProviderPaths } from '../../shared';
import type { Fault } from '../support/provider';
import type { MountPlan, PlannedFault } from './plan';

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
export function providerFaults(fault: PlannedFault, context: FaultContext): Fault[] {
  const only = { tokenFingerprint: context.tokenFingerprint, times: fault.times };
  const path = pathOf(fault, context);
  const method = fault.target === 'tokenize' || fault.target === 'charge' ? 'POST' : 'GET';
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

/** Every provider fault of a mount, in plan order (a statics 404 needs `mount` for its base URL). */
export function mountFaults(plan: MountPlan, context: FaultContext): Fault[] {
  return plan.faults.flatMap((fault) => {
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

function pathOf(fault: PlannedFault, context: FaultContext): string {
  if (fault.target === 'settings' || fault.target === 'statics') return ProviderPaths.widgetSettings;
  if (fault.target === 'tokenize') return ProviderPaths.cardTokenization;
  if (!context.orderId) throw new Error(`a ${fault.target} fault needs the mount's order`);
  return fault.target === 'charge'
    ? ProviderPaths.chargesByOrder(context.orderId)
    : ProviderPaths.paymentMethodsByOrder(context.orderId);
}

function malformedSettings(body: PlannedFault['body']): unknown {
  if (body === 'no-base-url') return { devMode: false };
  if (body === 'base-url-not-string') return { widgetStaticsBaseUrl: 42 };
  return 'widgetStaticsBaseUrl=nope; this is not JSON {';
}
