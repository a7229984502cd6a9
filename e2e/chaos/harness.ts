import type { ListenerWatch, LiveListener } from './listenerWatch';

// The chaos run's side of the host page: an init script that mounts widgets with the SDK's
// script-tag build (window.Cashier, loaded by e2e/fixtures/test-host.html), records everything
// their callbacks do, destroys them when the plan says and pays through their api; the listener
// watch (listenerWatch.ts, installed first) names the listeners each `mountCashier` added.
// Playwright serializes `installChaosHarness`: it must use nothing from this module's scope at run
// time (types only).

/** One mount as the harness needs it (runPage.ts builds it from the plan). */
export interface HarnessMount {
  mount: number;
  host: string;
  frameUrl: string;
  appInstance: string;
  /** The token `revalidateAppInstance` resolves to (`fresh`). */
  freshToken: string;
  msid: string;
  orderId?: string;
  theme: string;
  revalidate: 'fresh' | 'reject' | 'never' | 'none';
  revalidateDelayMs: number;
  /**
   * A destroy (or a removal of the iframe) the plan times from an event: `afterMs` after
   * `mountCashier` (`loading`), `onApiInit` (`ready`), the first `pay` (`paying`); `removed` from
   * the first `pay` when `pays`, else from `onApiInit`.
   */
  destroy?: { at: 'loading' | 'ready' | 'paying' | 'removed'; afterMs: number };
  /** Whether the run will pay through it (a removal then waits for the first `pay`). */
  pays: boolean;
}

/** A pay call's settled outcome: resolved (`status`, `chargeId`) or rejected (`code`). */
export interface PayOutcome {
  resolved: boolean;
  status?: string;
  chargeId?: string;
  declineCode?: string;
  /** Issue 38: a PENDING's `paymentMethod` (`PAY_AT_VENUE`, or the local method whose payment the bank is confirming). */
  paymentMethod?: string;
  code?: string;
  message?: string;
  /** A rejection's `details.orderId` (PAYMENT_OUTCOME_UNKNOWN names the order). */
  orderId?: string;
}

/** What the run notes in a mount's events about a 3-D Secure challenge it saw in the frame (driveChallenge.ts). */
export type ChallengeNote =
  | { type: 'challenge'; challengeId: string }
  | { type: 'challenge-answer'; challengeId: string; action: string }
  /** Issue 25: the run answered a PayPal checkout on the provider's approval page in the popup. */
  | { type: 'paypal-answer'; checkoutId: string; action: 'approve' | 'cancel' }
  /**
   * Issue 37: the buyer asked for more time, through the widget's "Keep my tickets longer" (`button`:
   * `holdExpiresAt` is what `onHoldExtended` said, absent when it did not come) or the provider's
   * route (`route`: its status, and the order's `holdExpiresAt` when it answered 200).
   */
  | { type: 'hold-ask'; via: 'button' | 'route'; status?: number; holdExpiresAt?: string; reason?: string }
  /** Issue 37: the mount was ready to pay only after its order's hold had ended (`holdExpiresAt`): the run did not pay. */
  | { type: 'hold-missed'; holdExpiresAt: string }
  /**
   * Issue 38: what the run did with a local method's payment: pressed "Pay with …" and a popup
   * opened (`opened`: the widget charges once for it), answered its page (`approve`, `decline`,
   * "Approve later" settling `pending-approve` or `pending-decline`, or `closed` the popup
   * unanswered), or typed a BLIK `code` (`blik`). `chargeId` when the run knows it (the page names it).
   */
  | { type: 'local-answer'; method: string; action: LocalAnswer; chargeId?: string; code?: string };

/** What the run did with a local method's payment ({@link ChallengeNote} `local-answer`). */
export type LocalAnswer = 'opened' | 'approve' | 'decline' | 'pending-approve' | 'pending-decline' | 'closed' | 'blik';

/** What the harness records; `at` is the page's performance.now(), `epoch` its Date.now(). */
export type HarnessEvent = { mount: number; at: number; epoch: number; afterDestroy: boolean } & (
  | { type: 'mounted' }
  | { type: 'mount-threw'; message: string }
  | { type: 'apiInit'; methods: string[]; settingsFromCache: boolean | null }
  | { type: 'crash'; code: string; message: string }
  | { type: 'slow'; elapsedMs: number }
  | { type: 'revalidate' }
  | { type: 'removed' }
  /** The mount's iframe fired its first `load` or `error`: its document ended (the page's view; Chromium's error page for a refused port). */
  | { type: 'frame-ended' }
  | { type: 'destroy'; by: 'plan' | 'run'; thrown: string[]; iframeLeft: boolean }
  | { type: 'pay-start'; call: number; orderId: string }
  | { type: 'pay-settled'; call: number; orderId: string; outcome: PayOutcome }
  | { type: 'pays-done' }
  /** Issue 25: the host's `onPaymentResult` (a payment started in the widget), as a resolved outcome. */
  | { type: 'payment-result'; orderId: string; outcome: PayOutcome }
  /** Issue 37: the host's `onHoldExtended`. */
  | { type: 'hold-extended'; orderId: string; holdExpiresAt: string }
  | ChallengeNote
);

/** What runPage.ts calls in the page (window.__chaos). */
export interface ChaosHarness {
  /** Mounts these widgets in one task, in order. */
  mount(mounts: HarnessMount[]): void;
  /** Destroys a widget (`by`: the plan or the run's clean-up); once per mount, later calls do nothing. */
  destroy(mount: number, by: 'plan' | 'run'): void;
  /**
   * Pays through a ready widget's api by `pattern` (plan.ts PayPlan), and destroys it (or removes
   * its iframe) when the plan times that from the first `pay`; false when it has no api (not
   * ready, or destroyed).
   */
  pay(mount: number, orderId: string, pattern: 'once' | 'double' | 'again'): boolean;
  /** Removes the mount's iframe from the page without `destroy()` (a no-op once it is gone or destroyed). */
  remove(mount: number): void;
  /** Records what the run saw or did (a challenge) as one of the mount's events, now. */
  note(mount: number, note: ChallengeNote): void;
  readonly events: HarnessEvent[];
  /** Listeners the SDK added and has not removed (listenerWatch.ts). */
  liveListeners(): LiveListener[];
  /** How many iframes the page holds. */
  iframeCount(): number;
}

/**
 * Init script for the host page (the top frame on `hostOrigin` only; the widgets' frames and
 * other pages are left alone), after {@link installListenerWatch}'s. Defines `window.__chaos`
 * ({@link ChaosHarness}) and reports every event to `window.__chaosReport` (a Playwright binding)
 * as it happens.
 */
export function installChaosHarness(hostOrigin: string): void {
  if (window.top !== window || location.origin !== hostOrigin) return;
  type Sdk = {
    mountCashier(el: HTMLElement, opts: object): { iframe: HTMLIFrameElement; destroy(): void };
  };
  type Api = {
    pay(input: unknown): Promise<{ status?: string; chargeId?: string; declineCode?: string; paymentMethod?: string }>;
  };
  const w = window as unknown as {
    __chaos?: ChaosHarness;
    __chaosReport?: (event: HarnessEvent) => Promise<void>;
    __chaosListeners: ListenerWatch;
    Cashier: Sdk;
  };

  const events: HarnessEvent[] = [];
  const handles = new Map<number, { iframe: HTMLIFrameElement; destroy(): void }>();
  const apis = new Map<number, Api>();
  const destroyed = new Set<number>();
  const record = (mount: number, event: Record<string, unknown> & { type: HarnessEvent['type'] }) => {
    const full = {
      mount,
      at: performance.now(),
      epoch: Date.now(),
      afterDestroy: destroyed.has(mount),
      ...event,
    } as HarnessEvent;
    events.push(full);
    w.__chaosReport?.(full).catch(() => undefined);
  };
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  const destroy = (mount: number, by: 'plan' | 'run') => {
    const handle = handles.get(mount);
    if (!handle || destroyed.has(mount)) return;
    const thrown: string[] = [];
    for (const call of [1, 2]) {
      try {
        handle.destroy();
      } catch (error) {
        thrown.push(`call ${call}: ${error}`);
      }
    }
    const container = document.getElementById(`chaos-mount-${mount}`);
    const iframeLeft = handle.iframe.isConnected || !!container?.querySelector('iframe');
    record(mount, { type: 'destroy', by, thrown, iframeLeft });
    destroyed.add(mount);
    apis.delete(mount);
    container?.remove();
  };
  // The host page takes the iframe out of the document without destroy() (issue 12 "connection lost").
  const removeFrame = (mount: number) => {
    const iframe = handles.get(mount)?.iframe;
    if (!iframe?.isConnected) return;
    iframe.remove();
    record(mount, { type: 'removed' });
  };
  const later = (mount: number, afterMs: number, what: () => void) => {
    void wait(afterMs).then(() => {
      if (!destroyed.has(mount)) what();
    });
  };

  const mountOne = (m: HarnessMount) => {
    const el = document.createElement('div');
    el.id = `chaos-mount-${m.mount}`;
    document.body.appendChild(el);
    const revalidators = {
      fresh: async () => {
        record(m.mount, { type: 'revalidate' });
        await wait(m.revalidateDelayMs);
        return m.freshToken;
      },
      reject: async () => {
        record(m.mount, { type: 'revalidate' });
        await wait(m.revalidateDelayMs);
        throw new Error('the host page could not get a fresh token');
      },
      never: () => {
        record(m.mount, { type: 'revalidate' });
        return new Promise<string>(() => undefined);
      },
    };
    const options = {
      host: m.host,
      frameUrl: m.frameUrl,
      configuration: { appInstance: m.appInstance, msid: m.msid },
      theme: m.theme,
      ...(m.orderId === undefined ? {} : { orderId: m.orderId }),
      ...(m.revalidate === 'none' ? {} : { revalidateAppInstance: revalidators[m.revalidate] }),
      onApiInit(api: Api, timings?: { settingsFromCache?: boolean }) {
        apis.set(m.mount, api);
        record(m.mount, { type: 'apiInit', methods: Object.keys(api), settingsFromCache: timings?.settingsFromCache ?? null });
        if (m.destroy?.at === 'ready') later(m.mount, m.destroy.afterMs, () => destroy(m.mount, 'plan'));
        if (m.destroy?.at === 'removed' && !m.pays) later(m.mount, m.destroy.afterMs, () => removeFrame(m.mount));
      },
      onCrash(error: { code?: string; message?: string }) {
        record(m.mount, { type: 'crash', code: String(error?.code), message: String(error?.message) });
      },
      onHoldExtended(extension: { orderId?: unknown; holdExpiresAt?: unknown }) {
        record(m.mount, {
          type: 'hold-extended',
          orderId: String(extension?.orderId),
          holdExpiresAt: String(extension?.holdExpiresAt),
        });
      },
      onSlow(elapsedMs: number) {
        record(m.mount, { type: 'slow', elapsedMs });
      },
      onPaymentResult(result: {
        status?: string;
        chargeId?: string;
        declineCode?: string;
        orderId?: string;
        paymentMethod?: string;
      }) {
        const outcome = {
          resolved: true,
          status: result?.status,
          chargeId: result?.chargeId,
          declineCode: result?.declineCode,
          ...(result?.paymentMethod === undefined ? {} : { paymentMethod: result.paymentMethod }),
        };
        record(m.mount, { type: 'payment-result', orderId: String(result?.orderId ?? m.orderId), outcome });
      },
    };
    try {
      handles.set(
        m.mount,
        w.__chaosListeners.during(m.mount, () => w.Cashier.mountCashier(el, options)),
      );
    } catch (error) {
      record(m.mount, { type: 'mount-threw', message: String(error) });
      return;
    }
    record(m.mount, { type: 'mounted' });
    // When the iframe's document ended, from the page's side: the host SDK's dead-frame limit
    // counts from there (host-sdk/watchFrame.ts), not from the mount, since how long the browser
    // takes to refuse a navigation is not the SDK's to shorten. Added after mountCashier, so the
    // listener watch does not count it as the SDK's.
    const iframe = handles.get(m.mount)?.iframe;
    const ended = () => {
      iframe?.removeEventListener('load', ended);
      iframe?.removeEventListener('error', ended);
      record(m.mount, { type: 'frame-ended' });
    };
    iframe?.addEventListener('load', ended);
    iframe?.addEventListener('error', ended);
    if (m.destroy?.at === 'loading') later(m.mount, m.destroy.afterMs, () => destroy(m.mount, 'plan'));
  };

  const pay = (mount: number, orderId: string, pattern: 'once' | 'double' | 'again', planned?: HarnessMount['destroy']) => {
    const api = apis.get(mount);
    if (!api) return false;
    let calls = 0;
    const call = (): Promise<PayOutcome> => {
      const number = calls++;
      record(mount, { type: 'pay-start', call: number, orderId });
      return api
        .pay({ orderId })
        .then(
          (value) => ({
            resolved: true,
            status: value?.status,
            chargeId: value?.chargeId,
            declineCode: value?.declineCode,
            ...(value?.paymentMethod === undefined ? {} : { paymentMethod: value.paymentMethod }),
          }),
          (error: { code?: string; message?: string; details?: { orderId?: unknown } }) => ({
            resolved: false,
            code: String(error?.code),
            message: String(error?.message),
            ...(typeof error?.details?.orderId === 'string' ? { orderId: error.details.orderId } : {}),
          }),
        )
        .then((outcome) => {
          record(mount, { type: 'pay-settled', call: number, orderId, outcome });
          return outcome;
        });
    };
    const settles = (o: PayOutcome) => o.resolved && (o.status === 'APPROVED' || o.status === 'PENDING');
    const run =
      pattern === 'double'
        ? Promise.all([call(), call()])
        : pattern === 'again'
          ? call().then((first) => (settles(first) || destroyed.has(mount) ? first : call()))
          : call();
    void run.then(() => record(mount, { type: 'pays-done' }));
    if (planned?.at === 'paying') later(mount, planned.afterMs, () => destroy(mount, 'plan'));
    if (planned?.at === 'removed') later(mount, planned.afterMs, () => removeFrame(mount));
    return true;
  };

  const plannedDestroys = new Map<number, HarnessMount['destroy']>();
  const harness: ChaosHarness = {
    mount(mounts) {
      for (const m of mounts) {
        plannedDestroys.set(m.mount, m.destroy);
        mountOne(m);
      }
    },
    destroy,
    remove: (mount) => {
      if (!destroyed.has(mount)) removeFrame(mount);
    },
    note: (mount, note) => record(mount, note),
    pay: (mount, orderId, pattern) => pay(mount, orderId, pattern, plannedDestroys.get(mount)),
    events,
    liveListeners: () => w.__chaosListeners.live(),
    iframeCount: () => document.querySelectorAll('iframe').length,
  };
  w.__chaos = harness;
}
