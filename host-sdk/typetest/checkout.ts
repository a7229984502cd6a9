// Type test (issue 20 item 1): a site's checkout script as a site writes it, against the package's
// `.` entry, compiled under `strict` and `noUncheckedIndexedAccess` (./tsconfig.json in
// `npm run typecheck`; ./tsconfig.dist.json against the built declarations in `check:package`).
// It never runs: a wrong public type is a compile error here. `@ts-expect-error` lines must fail.
import {
  type CashierApi,
  type CashierChange,
  CashierError,
  type CashierErrorDetails,
  type CashierField,
  type CashierFieldEvent,
  type CashierHandle,
  type CashierTimings,
  type CashierUpdate,
  type DeclineCode,
  ErrorCode,
  type MountCashierOptions,
  mountCashier,
  type PayResult,
  type ValidationResult,
} from 'cashier-widget';
import { expectTypeOf } from 'vitest';

/** Mounts the widget for `orderId`; `ready` gets the api, `show` what the buyer should read. */
export function mountCheckout(
  el: HTMLElement,
  orderId: string,
  ready: (api: CashierApi) => void,
  show: (text: string) => void,
): CashierHandle {
  return mountCashier(el, {
    host: 'https://api.cashier.example',
    configuration: { appInstance: 'app-instance-token' },
    orderId,
    // issue 23: the page's language, or any BCP 47 tag
    locale: document.documentElement.lang || 'en',
    onApiInit(api, timings) {
      expectTypeOf(api).toEqualTypeOf<CashierApi>();
      expectTypeOf(timings).toEqualTypeOf<CashierTimings>();
      ready(api);
    },
    // issue 24: once per order whose seat hold ran out; hold the seats again and `update({ orderId })`.
    // issue 36: what the form tells the page, never card data.
    onChange(change) {
      expectTypeOf(change).toEqualTypeOf<CashierChange>();
      expectTypeOf(change.brand).toEqualTypeOf<'visa' | 'mastercard' | 'amex' | 'discover' | 'unknown' | undefined>();
      expectTypeOf(change.complete).toEqualTypeOf<boolean>();
    },
    onFocus({ field }) {
      expectTypeOf(field).toEqualTypeOf<CashierField>();
    },
    onBlur: (event: CashierFieldEvent) => show(`left ${event.field}`),
    onEscape: () => show('Escape'),
    onHoldExpired({ orderId: expired }) {
      expectTypeOf(expired).toEqualTypeOf<string>();
      show(`Your seats for order ${expired} are no longer held.`);
    },
    // issue 25: a payment the buyer started inside the widget (PayPal, a wallet) settled; never one `pay` started.
    onPaymentResult(result) {
      expectTypeOf(result).toEqualTypeOf<PayResult>();
      if (result.status === 'APPROVED') show(`Order ${result.orderId} is paid.`);
    },
    onCrash(error) {
      expectTypeOf(error).toEqualTypeOf<CashierError>();
      expectTypeOf(error.code).toEqualTypeOf<ErrorCode>();
      expectTypeOf(error.details).toEqualTypeOf<CashierErrorDetails>();
      expectTypeOf(error.details.causeCode).toEqualTypeOf<string | undefined>();
      if (error.code === ErrorCode.OrderNotFound) {
        expectTypeOf(error.details.orderId).toEqualTypeOf<string | undefined>();
        show(`Order ${error.details.orderId ?? ''} does not exist: place it again.`);
        return;
      }
      show(
        error.code === ErrorCode.SettingsLoadFailed
          ? `Payment is unavailable (${error.details.causeCode ?? error.code}).`
          : `Payment is unavailable (${error.code}).`,
      );
    },
  });
}

/** "Place order": checks the form, pays the order and says what happened. */
export async function placeOrder(api: CashierApi, orderId: string): Promise<string> {
  expectTypeOf(api.pay).toBeFunction();
  expectTypeOf(api.pay).parameter(0).toEqualTypeOf<{ orderId: string }>();
  const checked = await api.validate();
  expectTypeOf(checked).toEqualTypeOf<ValidationResult>();
  if (!checked.valid) return `Check ${Object.keys(checked.errors).join(', ')}.`;
  try {
    const result = await api.pay({ orderId });
    expectTypeOf(result).not.toBeUnknown();
    expectTypeOf(result).not.toBeAny();
    expectTypeOf(result).toEqualTypeOf<PayResult>();
    // @ts-expect-error only an APPROVED, PENDING or DECLINED result has a charge
    result.chargeId;
    switch (result.status) {
      case 'PENDING':
        // issue 38: a local method's payment is still being confirmed; the venue's is settled.
        expectTypeOf(result.paymentMethod).toEqualTypeOf<'PAY_AT_VENUE' | 'IDEAL' | 'BANCONTACT' | 'BLIK' | 'KLARNA'>();
        return result.paymentMethod === 'PAY_AT_VENUE' ? 'Pay at the door.' : 'Your bank is confirming the payment.';
      case 'APPROVED':
        return `Thank you! Charge ${result.chargeId} paid order ${result.orderId}.`;
      case 'DECLINED':
        expectTypeOf(result.declineCode).toEqualTypeOf<DeclineCode | undefined>();
        return result.declineCode === 'insufficient_funds' ? 'Try another card.' : result.message;
      // issue 37: approved after the seat hold ended for good; the provider refunded charge `chargeId`.
      case 'REFUNDED_HOLD_EXPIRED':
        expectTypeOf(result.chargeId).toEqualTypeOf<string>();
        expectTypeOf(result.message).toEqualTypeOf<string>();
        return `Your seats were no longer held, so charge ${result.chargeId} was refunded in full. Please start again.`;
      case 'INVALID':
        expectTypeOf(result.errors.cardNumber).toEqualTypeOf<string | undefined>();
        return `Check ${Object.keys(result.errors).join(', ')}.`;
      default: {
        const unhandled: never = result;
        return unhandled;
      }
    }
  } catch (error) {
    if (error instanceof CashierError && error.code === ErrorCode.OrderHoldExpired) {
      expectTypeOf(error.details.orderId).toEqualTypeOf<string | undefined>();
      return 'Your seats are no longer held: hold them again.';
    }
    if (error instanceof CashierError && error.code === ErrorCode.PaymentOutcomeUnknown) {
      return `We could not confirm the payment of ${error.details.orderId ?? orderId}: place the order again.`;
    }
    throw error;
  }
}

/** What the api refuses at compile time. */
export function misuse(api: CashierApi) {
  // @ts-expect-error pay names the order
  void api.pay();
  // @ts-expect-error the order is `orderId`
  void api.pay({ order: 'ord_1' });
  // @ts-expect-error an ErrorCode is one of the known codes
  const code: ErrorCode = 'NOT_A_CODE';
  return code;
}

/** The language picker of a checkout page (issue 23): the widget switches in place. */
export function switchLanguage(handle: CashierHandle, locale: string): Promise<void> {
  expectTypeOf<MountCashierOptions['locale']>().toEqualTypeOf<string | undefined>();
  expectTypeOf<CashierUpdate['locale']>().toEqualTypeOf<string | undefined>();
  // @ts-expect-error a locale is one BCP 47 tag, not a list
  void handle.update({ locale: ['de', 'en'] });
  return handle.update({ locale });
}
