// Type test (issue 20 item 1): a site's React checkout, importing everything it needs from
// `cashier-widget/react` alone (see checkout.ts for how it is checked).
import type * as Root from 'cashier-widget';
import {
  type CashierApi,
  type CashierBuyer,
  type CashierConfiguration,
  CashierError,
  type CashierErrorDetails,
  type CashierHandle,
  type CashierTimings,
  type CashierUpdate,
  CashierWidget,
  type CashierWidgetProps,
  type DeclineCode,
  ErrorCode,
  type MountCashierOptions,
  type PayResult,
  type ValidationResult,
} from 'cashier-widget/react';
import { useState } from 'react';
import { expectTypeOf } from 'vitest';

/** The checkout: the widget, a "Place order" button once it is ready, and what happened. */
export function Checkout({ orderId, buyer, locale }: { orderId: string; buyer?: CashierBuyer; locale?: string }) {
  const [api, setApi] = useState<CashierApi>();
  const [message, setMessage] = useState('');
  const configuration: CashierConfiguration = { appInstance: 'app-instance-token' };

  const place = async () => {
    if (!api) return;
    const result = await api.pay({ orderId });
    expectTypeOf(result).toEqualTypeOf<PayResult>();
    setMessage(result.status === 'DECLINED' ? result.message : result.status);
  };

  return (
    <>
      <CashierWidget
        host="https://api.cashier.example"
        configuration={configuration}
        orderId={orderId}
        buyer={buyer}
        locale={locale}
        onApiInit={(ready, timings) => {
          expectTypeOf(timings).toEqualTypeOf<CashierTimings>();
          setApi(ready);
        }}
        onCrash={(error) => {
          expectTypeOf(error).toEqualTypeOf<CashierError>();
          setMessage(`Payment is unavailable (${error.details.causeCode ?? error.code}).`);
        }}
        onChange={(change: Root.CashierChange) => setMessage(change.complete ? 'ready' : '')}
        onEscape={() => setMessage('Escape')}
        onHoldExpired={(expiry) => {
          expectTypeOf(expiry).toEqualTypeOf<{ orderId: string }>();
          setMessage(`The seats of order ${expiry.orderId} are no longer held.`);
        }}
        onPaymentResult={(result) => {
          expectTypeOf(result).toEqualTypeOf<PayResult>();
          if (result.status === 'DECLINED') setMessage(result.message);
        }}
        onUpdateError={(error) => {
          expectTypeOf(error.code).toEqualTypeOf<ErrorCode>();
          if (error.code === ErrorCode.PaymentOpen) setMessage(`Finish paying ${error.details.orderId ?? orderId} first.`);
        }}
      />
      <button type="button" disabled={!api} onClick={place}>
        Place order
      </button>
      <p role="status">{message}</p>
    </>
  );
}

// `./react` gives the same types as `.`: a React checkout needs no second import.
expectTypeOf<CashierApi>().toEqualTypeOf<Root.CashierApi>();
expectTypeOf<CashierHandle>().toEqualTypeOf<Root.CashierHandle>();
expectTypeOf<PayResult>().toEqualTypeOf<Root.PayResult>();
expectTypeOf<DeclineCode>().toEqualTypeOf<Root.DeclineCode>();
expectTypeOf<ValidationResult>().toEqualTypeOf<Root.ValidationResult>();
expectTypeOf<CashierErrorDetails>().toEqualTypeOf<Root.CashierErrorDetails>();
expectTypeOf<CashierUpdate>().toEqualTypeOf<Root.CashierUpdate>();
expectTypeOf<MountCashierOptions>().toEqualTypeOf<Root.MountCashierOptions>();
expectTypeOf<CashierWidgetProps>().toExtend<MountCashierOptions>();
expectTypeOf(new CashierError(ErrorCode.Destroyed, 'gone')).toExtend<Root.CashierError>();
