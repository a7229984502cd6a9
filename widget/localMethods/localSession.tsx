import { type ReactElement, useState, useSyncExternalStore } from 'react';
import type { Charge, ChargeRequest, LocalMethodType } from '../../shared';
import type { PayResult } from '../toPayResult';
import type { BlikModule, LocalDeps, LocalKit, LocalSession, LocalStart, LocalState } from './localKit';
import { watchPending } from './watchPending';

/**
 * The local methods' session of one mount (issue 38), in the `local-shared` chunk fetched with the
 * first local method the order offers (never otherwise): where the payment is, the watches of
 * charges still being confirmed, and `onPaymentResult` once per charge. createLocalMethods (in the
 * bundle) forwards to it; the family chunks' panels get it as `session`.
 */
export interface LocalSessionApi {
  /** What the redirect panels are handed. */
  session: LocalSession;
  /** BLIK's field, or its confirmation's countdown while a code waits for the buyer's app. */
  Blik: (props: { blik: BlikModule }) => ReactElement | null;
  /** The result of the payment of `orderId` the buyer started last, undefined when none. */
  outcome(orderId: string): Promise<PayResult> | undefined;
  /** BLIK's charge body, or INVALID with the field's error shown. */
  blikBody(blik: BlikModule | undefined): ChargeRequest | PayResult;
  /** A BLIK confirmation: its countdown while the charge is watched; resolves with it settled. Any other action is cancelled. */
  action(charge: Charge): Promise<Charge>;
  /** A local PENDING: its watch (once per charge); settled, its result goes to `keep` and, once, to `onPaymentResult`. */
  onPending(result: Extract<PayResult, { status: 'PENDING' }>): void;
  /** The charges this session made or watched, by id: their method (a decline's words are the method's). */
  methodOf(chargeId: string): LocalMethodType | undefined;
  /** Stops every watch (unmount). */
  stop(): void;
}

/**
 * Creates the {@link LocalSessionApi} of a mount. `deps.offered(type)` says whether the order
 * offers a method now (a pending payment's method is then shown: its panel says the bank is confirming).
 */
export function createLocalSession(
  deps: LocalDeps & { kit: LocalKit; offered: (type: LocalMethodType) => boolean },
): LocalSessionApi {
  const { store, kit } = deps;
  let started: LocalStart | undefined;
  let state: LocalState | undefined;
  let stopped = false;
  const listeners = new Set<() => void>();
  /** The charges whose settled result `onPaymentResult` was given: once per mount per charge. */
  const told = new Set<string>();
  const watches = new Map<string, () => void>();
  const ours = new Map<string, LocalMethodType>();
  /** A pending payment's method to show once the order's choices are in (a reload finds it before them). */
  let steer: LocalMethodType | undefined;
  let blikCode = '';
  let blikError: string | undefined;
  let confirm: string | undefined;
  const setState = (next: LocalState | undefined) => {
    state = next;
    for (const listener of listeners) listener();
  };
  const show = (method: LocalMethodType) => {
    if (deps.offered(method)) {
      steer = undefined;
      if (store.getSnapshot().method !== method) store.setMethod(method, true);
    } else steer = method;
  };
  store.subscribe(() => {
    if (steer) show(steer);
  });

  /** A settled or PENDING charge of `orderId`: kept as `pay`'s result; a settled one told once. */
  function finish(orderId: string, charge: Charge): PayResult {
    const method = charge.paymentMethod as LocalMethodType;
    ours.set(charge.id, method);
    const result = deps.told(kit.toPayResult(orderId, charge));
    deps.payment().keep(orderId, result); // PENDING: onPending starts the watch
    if (result.status === 'PENDING') return result;
    const paid = kit.isPaid(result);
    deps.hold.settled(orderId, paid);
    // Refunded because the seat hold ended (issue 37): the hold's notice says the time ran out.
    setState(
      result.status === 'REFUNDED_HOLD_EXPIRED'
        ? undefined
        : { phase: paid ? 'approved' : 'declined', method, chargeId: charge.id },
    );
    if (result.status !== 'INVALID' && !told.has(result.chargeId)) {
      told.add(result.chargeId);
      deps.current().onPaymentResult?.(result);
    }
    return result;
  }

  /** Watches `chargeId` of `orderId` until it settles, once per charge; `onSettled` then. */
  function watch(orderId: string, chargeId: string, onSettled: (charge: Charge) => void) {
    if (stopped || watches.has(chargeId)) return;
    deps.hold.paying(orderId);
    const stop = watchPending(chargeId, deps.api.getCharge, (charge) => {
      watches.delete(chargeId);
      onSettled(charge);
    });
    watches.set(chargeId, stop);
  }

  const session: LocalSession = {
    ...deps,
    state: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    finish,
    onStart: (start) => {
      started = start;
      // Over without a payment (cancelled, closed, failed): a later `pay` reads the order's charges.
      const over = () => {
        if (started === start) started = undefined;
      };
      start.result.then((result) => result.status === 'INVALID' && over(), over);
    },
  };

  function Blik({ blik }: { blik: BlikModule }) {
    const [, typed] = useState('');
    const { locked } = useSyncExternalStore(store.subscribe, store.getSnapshot);
    if (confirm) return <blik.BlikConfirm expiresAt={confirm} skewMs={0} />;
    return (
      <blik.BlikField
        idPrefix={deps.idPrefix}
        value={blikCode}
        error={blikError}
        disabled={locked}
        onChange={(value) => {
          blikCode = value;
          blikError = undefined;
          typed(value);
        }}
      />
    );
  }

  return {
    session,
    Blik,
    outcome: (orderId) => (started?.orderId === orderId ? started.result : undefined),
    blikBody(blik) {
      const problem = blik ? blik.validateBlikCode(blikCode) : { id: 'blik' };
      if (problem) {
        // In English until the BLIK chunk hands its translator over (its interface has none yet).
        blikError = problem.message;
        deps.rerender();
        return { status: 'INVALID', errors: {} };
      }
      return { paymentMethod: 'BLIK', blikCode };
    },
    action(charge) {
      const { orderId = '', nextAction } = charge;
      if (nextAction?.type !== 'BLIK_CONFIRM') return deps.api.cancelCharge(charge.id);
      confirm = nextAction.expiresAt;
      deps.rerender();
      return new Promise<Charge>((resolve) => {
        watch(orderId, charge.id, (settled) => {
          confirm = undefined;
          deps.rerender();
          resolve(settled);
        });
      });
    },
    onPending({ orderId, chargeId, paymentMethod }) {
      const method = paymentMethod as LocalMethodType;
      ours.set(chargeId, method);
      show(method);
      setState({ phase: 'pending', method, chargeId });
      watch(orderId, chargeId, (charge) => finish(orderId, charge));
    },
    methodOf: (chargeId) => ours.get(chargeId),
    stop() {
      stopped = true;
      for (const stop of watches.values()) stop();
      watches.clear();
    },
  };
}
