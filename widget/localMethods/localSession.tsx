import type { MessageDescriptor } from '@lingui/core';
import { type ReactElement, useState, useSyncExternalStore } from 'react';
import type { CashierError, Charge, ChargeRequest, LocalMethodType } from '../../shared';
import { APPEARANCE_CLASSES as C } from '../appearance';
import { fieldStyles } from '../FormField';
import type { Translator } from '../i18n/createTranslator';
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
  /** Hands over the BLIK chunk and its translator (createLocalMethods, once both are in). */
  useBlik(blik: BlikModule, words: Translator): void;
  /**
   * BLIK's field (its error, and a decline's or an expiry's words under it), or its confirmation's
   * countdown on the provider's clock while a code waits for the buyer's app; in BLIK's words' language.
   */
  Blik: () => ReactElement | null;
  /** The result of the payment of `orderId` the buyer started last, undefined when none. */
  outcome(orderId: string): Promise<PayResult> | undefined;
  /**
   * BLIK's charge body `{ paymentMethod: 'BLIK', blikCode }`, or INVALID `{ blikCode }` with the
   * field's error shown and the field focused (not 6 digits; INVALID `{}` before the chunk is in).
   */
  blikBody(): ChargeRequest | PayResult;
  /**
   * The provider refused the BLIK code (400 `INVALID_BLIK_CODE`, nothing charged): INVALID
   * `{ blikCode }` with BLIK's words on the field; undefined for any other refusal.
   */
  blikRefused(refused: CashierError): PayResult | undefined;
  /** The BLIK choice's short line of what happens next, in BLIK's words' language; undefined until the chunk is in. */
  blikLine(): string | undefined;
  /** A BLIK charge's decline in BLIK's words (the code expired, `code_expired`, or declined in the app); undefined for anything else. */
  blikDeclined(result: PayResult): string | undefined;
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
  /** The BLIK field's error, and a decline's words under it: translated when drawn (a change of language redraws them). */
  let blikError: MessageDescriptor | undefined;
  let blikNotice: MessageDescriptor | undefined;
  let confirm: string | undefined;
  /** The provider's clock minus the device's for the countdown (see `action`). */
  let skewMs = 0;
  let blik: BlikModule | undefined;
  let words: Translator | undefined;
  /** BLIK's words for a decline of its charge. */
  const declined = (declineCode: string | undefined) =>
    declineCode === 'code_expired' ? blik?.BLIK_MESSAGES.expired : blik?.BLIK_MESSAGES.declined;
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

  function Blik() {
    const [, typed] = useState('');
    const { locked } = useSyncExternalStore(store.subscribe, store.getSnapshot);
    if (!blik || !words) return null;
    const { i18n } = words;
    if (confirm) return <blik.BlikConfirm expiresAt={confirm} skewMs={skewMs} i18n={i18n} />;
    return (
      <>
        <blik.BlikField
          idPrefix={deps.idPrefix}
          value={blikCode}
          error={blikError && i18n._(blikError)}
          disabled={locked}
          lockedId={`${deps.idPrefix}-locked`}
          i18n={i18n}
          onChange={(value) => {
            blikCode = value;
            blikError = blikNotice = undefined;
            typed(value);
          }}
        />
        {blikNotice && (
          <p role="alert" className={C.notice} style={fieldStyles.notice}>
            {i18n._(blikNotice)}
          </p>
        )}
      </>
    );
  }

  /** Shows `error` on the BLIK field and focuses it: INVALID naming `blikCode`. */
  const refuse = (error: MessageDescriptor): PayResult => {
    blikError = error;
    blikNotice = undefined;
    deps.rerender();
    document.getElementById(`${deps.idPrefix}-blikCode`)?.focus();
    return { status: 'INVALID', errors: { blikCode: words?.i18n._(error) ?? '' } };
  };

  return {
    session,
    Blik,
    outcome: (orderId) => (started?.orderId === orderId ? started.result : undefined),
    useBlik(module, translator) {
      blik = module;
      words = translator;
    },
    blikLine: () => blik && words?.i18n._(blik.BLIK_MESSAGES.line),
    blikBody() {
      if (!blik) return { status: 'INVALID', errors: {} };
      const problem = blik.validateBlikCode(blikCode);
      return problem ? refuse(problem) : { paymentMethod: 'BLIK', blikCode };
    },
    blikRefused: (refused) =>
      blik && refused.details.applicationErrorCode === 'INVALID_BLIK_CODE' ? refuse(blik.BLIK_MESSAGES.invalidCode) : undefined,
    blikDeclined(result) {
      const message = result.status === 'DECLINED' && ours.get(result.chargeId) === 'BLIK' && declined(result.declineCode);
      return message ? words?.i18n._(message) : undefined;
    },
    action(charge) {
      const { orderId = '', nextAction } = charge;
      if (nextAction?.type !== 'BLIK_CONFIRM') return deps.api.cancelCharge(charge.id);
      ours.set(charge.id, 'BLIK');
      confirm = nextAction.expiresAt;
      // The countdown counts on the provider's clock. The skew the seat hold's read measured comes
      // from a `Date` header, whole seconds cut down: up to 1 s low, so a 120 s code showed "121 s
      // left". The charge's `createdAt` (the provider's clock, to the ms, made just now) bounds it
      // from below too: the larger of the two. A charge made long ago (a reload) leaves the hold's.
      skewMs = Math.max(deps.hold.skewMs(), Date.parse(charge.createdAt) - Date.now() || -1 / 0);
      deps.rerender();
      return new Promise<Charge>((resolve) => {
        watch(orderId, charge.id, (settled) => {
          confirm = undefined;
          // A code is used once, whatever came of it: the buyer types a new one to pay again.
          blikCode = '';
          blikNotice = settled.status === 'DECLINED' ? declined(settled.declineCode) : undefined;
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
