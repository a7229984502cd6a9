import { createRef } from 'react';
import { createRoot } from 'react-dom/client';
import {
  type CashierBuyer,
  CashierError,
  type CashierWidgetInstance,
  type CashierWidgetProps,
  createProviderApi,
  ErrorCode,
  type PaymentMethod,
} from '../shared';
import { CardForm } from './CardForm';
import { createFormStore } from './createFormStore';
import { createPayment, type PayResult } from './createPayment';
import { ErrorBoundary } from './ErrorBoundary';
import { awaitChallenge } from './threeDSecure/awaitChallenge';
import { ChallengeLayer } from './threeDSecure/ChallengeLayer';
import { presentChallenge } from './threeDSecure/presentChallenge';
import { CARD_FIELDS, type CardFormValues, type ValidationResult, validateCardForm } from './validateCardForm';

let mounts = 0;

/**
 * Shown when a charge was sent but its reply was lost or unreadable (PAYMENT_OUTCOME_UNKNOWN). It
 * stays until a pay settles; meanwhile the form is locked, so the next "Place order" resends
 * exactly what the buyer sees (same idempotency key and card token), and the provider answers
 * with the original charge.
 */
export const OUTCOME_UNKNOWN_NOTICE =
  'We could not confirm your payment. Place the order again to check it: you will not be charged twice.';

/**
 * The reference cashier widget bundle's entry (DESIGN "The bundle"). Loads the payment methods of
 * `props.orderId` (card only without one), renders the payment form into `container` and, once it
 * is on screen, hands `props.onApiInit` the api:
 * - `validate()` → `{ valid, errors }`: shows the errors and focuses the first invalid field;
 *   with a method other than card (pay at the venue) there is nothing to fill: `{ valid: true, errors: {} }`;
 * - `pay({ orderId })` → {@link PayResult}: validate → tokenize → charge, exactly once, one order
 *   at a time (see createPayment); a decline, or a charge whose reply was lost, shows a message
 *   above the form. The form is locked while a pay runs and while a charge's outcome is unknown;
 *   once the order is paid the card fields are emptied. A charge that needs 3-D Secure shows the
 *   bank's challenge in a dialog over the form (threeDSecure/) while `pay` stays pending.
 * `props.buyer` prefills the email and cardholder-name fields (issue 13); the buyer may edit them.
 * A render error, or payment methods that cannot be loaded, go to `props.onCrash`.
 * @returns `unmount()` (empties the container) and `update(changes)` (issue 13): `theme` re-styles
 *   the form; `orderId` loads that order's payment methods, then `pay` must name it (rejects with
 *   the provider client's error when they cannot be loaded: the widget stays on its order);
 *   `buyer` prefills again, replacing only what an earlier prefill put in a field, never what the
 *   buyer typed. A change of order or buyer while a payment is open rejects PAYMENT_OPEN
 *   (`details.orderId`) and changes nothing, so the open payment is not lost.
 */
export function mount(container: HTMLElement, props: CashierWidgetProps): CashierWidgetInstance {
  mounts += 1;
  const idPrefix = `cashier-${mounts}`;
  const store = createFormStore();
  const root = createRoot(container);
  // The frame's client sends with the spec's rules; the typed operations are the bundle's own.
  // Card data goes to the vault the frame was built with, never to `host` (DESIGN "Security model");
  // a 3-D Secure challenge page is shown only from there too (issue 22).
  const { vault } = props.providerClient;
  const providerApi = createProviderApi(props.providerClient.request, vault.request, vault.origin);
  let current = props;
  let apiSent = false;
  let unmounted = false;
  /** Aborted by `unmount()`: a 3-D Secure challenge open then is left open at the provider (issue 22). */
  const lifetime = new AbortController();
  /** The 3-D Secure challenge's iframe while it is on screen. */
  const challengeFrame = createRef<HTMLIFrameElement>();
  /** What the last prefill put in the fields (issue 13). */
  let prefilled: Partial<CardFormValues> = {};
  const prefill = (buyer: CashierBuyer | undefined) => {
    if (!buyer) return;
    const values: Partial<CardFormValues> = {
      ...(buyer.email === undefined ? {} : { email: buyer.email }),
      ...(buyer.name === undefined ? {} : { cardholderName: buyer.name }),
    };
    store.prefill(values, prefilled, (all) => validateCardForm(all).errors);
    prefilled = { ...prefilled, ...values };
  };
  prefill(props.buyer);

  const focusFirstInvalid = (errors: ValidationResult['errors']) => {
    const first = CARD_FIELDS.find((f) => errors[f]);
    if (first) container.ownerDocument.getElementById(`${idPrefix}-${first}`)?.focus();
  };

  /** Validates every field, shows the errors, focuses the first invalid field; valid when the card is not the method. */
  const validate = (): ValidationResult => {
    if (store.getSnapshot().method !== 'CARD') return { valid: true, errors: {} };
    const result = validateCardForm(store.getSnapshot().values);
    store.setErrors(result.errors);
    focusFirstInvalid(result.errors);
    return result;
  };

  const payment = createPayment({
    api: providerApi,
    method: () => store.getSnapshot().method,
    values: () => store.getSnapshot().values,
    validate,
    showErrors: (errors) => {
      store.setErrors({ ...store.getSnapshot().errors, ...errors });
      focusFirstInvalid(errors);
    },
    onLockedChange: (locked) => {
      if (!unmounted) store.setLocked(locked);
    },
    clearCard: () => store.clearCard(),
    mountedOrderId: () => current.orderId,
    challenge: (charge) =>
      awaitChallenge(charge, {
        api: providerApi,
        vaultOrigin: vault.origin,
        signal: lifetime.signal,
        show: presentChallenge({
          store,
          frameRef: challengeFrame,
          doc: container.ownerDocument,
          onChallenge: (state) => {
            if (!unmounted) current.onChallenge?.(state);
          },
          focusForm: () => {
            const doc = container.ownerDocument;
            (doc.getElementById(`${idPrefix}-cardNumber`) ?? container.querySelector('form'))?.focus();
          },
        }),
      }),
  });

  const api = {
    validate,
    /** Pays for the order; see createPayment for the result and the exactly-once rules. */
    async pay(input: unknown): Promise<PayResult> {
      // A notice stays while the form is locked: a lost reply's stays until its outcome is known.
      if (!store.getSnapshot().locked) store.setNotice(undefined);
      try {
        const result = await payment.pay(input);
        if (unmounted) return result;
        if (result.status === 'DECLINED') store.setNotice(result.message);
        else if (!store.getSnapshot().locked) store.setNotice(undefined);
        return result;
      } catch (error) {
        if (!unmounted) {
          if (error instanceof CashierError && error.code === ErrorCode.PaymentOutcomeUnknown)
            store.setNotice(OUTCOME_UNKNOWN_NOTICE);
          else if (!store.getSnapshot().locked) store.setNotice(undefined);
        }
        throw error;
      }
    },
  };

  const render = () =>
    root.render(
      <ErrorBoundary onError={(error) => current.onCrash(error)}>
        {store.getSnapshot().methods && (
          <CardForm
            store={store}
            idPrefix={idPrefix}
            theme={current.theme}
            onReady={() => {
              if (apiSent) return;
              apiSent = true;
              current.onApiInit(api);
            }}
          />
        )}
        <ChallengeLayer store={store} idPrefix={idPrefix} frameRef={challengeFrame} />
      </ErrorBoundary>,
    );

  if (props.orderId === undefined) {
    store.setMethods([{ type: 'CARD', label: 'Card' }]);
    render();
  } else {
    providerApi
      .getPaymentMethodsByOrder(props.orderId)
      .then((methods) => {
        if (unmounted) return;
        store.setMethods(narrowMethods(methods));
        render();
      })
      .catch((error: unknown) => {
        if (!unmounted) current.onCrash(error);
      });
  }

  return {
    unmount() {
      unmounted = true;
      lifetime.abort();
      root.unmount();
      container.replaceChildren();
    },
    async update(changes) {
      const { orderId, buyer } = changes;
      const newOrder = orderId !== undefined && orderId !== current.orderId ? orderId : undefined;
      const refuseWhileOpen = () => {
        const open = payment.openOrder();
        if (open !== undefined && (newOrder !== undefined || buyer !== undefined)) {
          throw new CashierError(
            ErrorCode.PaymentOpen,
            `update: the payment of order ${open} is open; settle it before changing the order or the buyer.`,
            { orderId: open },
          );
        }
      };
      refuseWhileOpen();
      const methods = newOrder === undefined ? undefined : narrowMethods(await providerApi.getPaymentMethodsByOrder(newOrder));
      if (unmounted) return;
      refuseWhileOpen(); // a pay may have started while the methods loaded
      current = { ...current, ...changes };
      if (methods) store.setMethods(methods);
      prefill(buyer);
      if (store.getSnapshot().methods) render();
    },
  };
}

/** Keeps the methods this widget can take (card, pay at the venue); throws when none is left. */
function narrowMethods(value: unknown): PaymentMethod[] {
  const known = Array.isArray(value)
    ? value.filter(
        (m): m is PaymentMethod =>
          typeof m === 'object' &&
          m !== null &&
          (m.type === 'CARD' || m.type === 'PAY_AT_VENUE') &&
          typeof (m as { label?: unknown }).label === 'string',
      )
    : [];
  if (known.length === 0) throw new Error('The order offers no payment method this widget can take.');
  return known;
}
