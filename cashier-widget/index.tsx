import { createRoot } from 'react-dom/client';
import {
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
import { CARD_FIELDS, type ValidationResult, validateCardForm } from './validateCardForm';

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
 *   once the order is paid the card fields are emptied.
 * A render error, or payment methods that cannot be loaded, go to `props.onCrash`.
 * @returns `unmount()` (empties the container) and `update(partial)` (re-renders with merged props).
 */
export function mount(container: HTMLElement, props: CashierWidgetProps): CashierWidgetInstance {
  mounts += 1;
  const idPrefix = `cashier-${mounts}`;
  const store = createFormStore();
  const root = createRoot(container);
  // The frame's client sends with the spec's rules; the typed operations are the bundle's own.
  const providerApi = createProviderApi(props.providerClient.request);
  let current = props;
  let apiSent = false;
  let unmounted = false;

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
    ...(props.orderId === undefined ? {} : { mountedOrderId: props.orderId }),
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
      root.unmount();
      container.replaceChildren();
    },
    update(partial) {
      current = { ...current, ...partial };
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
