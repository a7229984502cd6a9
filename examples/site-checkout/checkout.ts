// A site's checkout page script (the example host of docs/integration.md): mounts the widget for
// the order the site's server set up, pays it when the buyer places the order, asks the site's
// server to confirm a payment the widget reports (`POST /orders/<id>/confirm`: the server reads the
// order from the provider, and issues the tickets; the browser's word is never enough), and tells
// the buyer what happened. Everything it uses comes from the package's `.` entry.
import { type CashierApi, CashierError, mountCashier, type PayResult } from 'cashier-widget';

/** What the site's server renders into the page. */
interface CheckoutConfig {
  host: string;
  appInstance: string;
  orderId: string;
}

const config = (window as unknown as { CHECKOUT: CheckoutConfig }).CHECKOUT;
const button = document.getElementById('place-order') as HTMLButtonElement;
const outcome = document.getElementById('outcome') as HTMLElement;
let api: CashierApi | undefined;

mountCashier(document.getElementById('payment') as HTMLElement, {
  host: config.host,
  configuration: { appInstance: config.appInstance },
  orderId: config.orderId,
  buyer: { name: 'Ada Lovelace' },
  onApiInit(ready) {
    api = ready;
    button.disabled = false;
  },
  onCrash(error) {
    outcome.textContent = `Payment is unavailable (${error.code}). Please try again later.`;
  },
});

button.addEventListener('click', async () => {
  if (!api) return;
  button.disabled = true;
  try {
    const result: PayResult = await api.pay({ orderId: config.orderId });
    if (result.status === 'PENDING' && result.paymentMethod !== 'PAY_AT_VENUE') {
      // A local method (iDEAL, BLIK, …) the bank is still confirming: not paid yet. The widget calls
      // onPaymentResult when it settles; the server hears order.paid or order.payment_failed.
      outcome.textContent = 'Your bank is confirming the payment.';
    } else if (result.status === 'APPROVED' || result.status === 'PENDING') {
      const reply = await fetch(`/orders/${encodeURIComponent(result.orderId)}/confirm`, { method: 'POST' });
      outcome.textContent = reply.ok ? 'Thank you! Your order is paid.' : 'We are checking your payment.';
    } else if (result.status === 'DECLINED') outcome.textContent = `Your card was declined (${result.declineCode}).`;
    else outcome.textContent = 'Please check the card details.'; // INVALID: the widget shows which field
  } catch (error) {
    outcome.textContent = `Payment failed (${error instanceof CashierError ? error.code : 'unknown'}).`;
  } finally {
    button.disabled = false;
  }
});
