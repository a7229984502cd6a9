// A site's checkout with the widget, as the package's README shows it: <CashierWidget> from
// `cashier-widget/react`, a "Place order" button once the widget is ready, and the typed result
// of `pay()` told to the buyer. No frameUrl: the package's build knows where its frame is.
import { type CashierApi, CashierError, CashierWidget, type PayResult } from 'cashier-widget/react';
import { useState } from 'react';

/** What the buyer reads after placing the order. */
function describe(result: PayResult): string {
  switch (result.status) {
    case 'PENDING':
      if (result.paymentMethod !== 'PAY_AT_VENUE')
        return `PENDING: your bank is confirming the payment for order ${result.orderId}.`;
      return `${result.status}: order ${result.orderId} is paid at the venue (charge ${result.chargeId}).`;
    case 'APPROVED':
      return `${result.status}: order ${result.orderId} is paid (charge ${result.chargeId}).`;
    case 'DECLINED':
      return `DECLINED (${result.declineCode ?? 'no code'}): ${result.message}`;
    case 'REFUNDED_HOLD_EXPIRED':
      return `REFUNDED: your payment was refunded in full (charge ${result.chargeId}) because the hold on your seats ended before your bank approved it. Order ${result.orderId} is not paid; please start again.`;
    case 'INVALID':
      return `INVALID: check ${Object.keys(result.errors).join(', ')}.`;
  }
}

export function Checkout({ host, appInstance, orderId }: { host: string; appInstance: string; orderId: string }) {
  const [api, setApi] = useState<CashierApi>();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');

  const place = async () => {
    if (!api) return;
    setBusy(true);
    try {
      const result: PayResult = await api.pay({ orderId });
      setMessage(describe(result));
    } catch (error) {
      setMessage(`Payment failed (${error instanceof CashierError ? error.code : 'unknown error'}).`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <main>
      <h1>Checkout</h1>
      <CashierWidget
        host={host}
        configuration={{ appInstance }}
        orderId={orderId}
        buyer={{ name: 'Ada Lovelace' }}
        // The site's look (docs/appearance.md): the mock mode serves the frame's appearance module too.
        appearance={{ theme: 'night', labels: 'floating', variables: { colorPrimary: '#0a7d4f' } }}
        onApiInit={(ready) => setApi(ready)}
        onCrash={(error) => setMessage(`Payment is unavailable (${error.details.causeCode ?? error.code}).`)}
      />
      <button type="button" disabled={!api || busy} onClick={place}>
        Place order
      </button>
      <p role="status">{message}</p>
    </main>
  );
}
