// A site's checkout page script (the example host of docs/integration.md): mounts the widget for
// the order the site's server set up, pays it when the buyer places the order, and tells the
// buyer what happened. Everything it uses comes from the package's `.` entry.
import { type CashierApi, type CashierCrash, CashierError, mountCashier } from 'cashier-widget';

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
  onCrash(error: CashierCrash) {
    outcome.textContent = `Payment is unavailable (${error.code}). Please try again later.`;
  },
});

button.addEventListener('click', async () => {
  if (!api) return;
  button.disabled = true;
  try {
    const result = (await api.pay?.({ orderId: config.orderId })) as { status: string; declineCode?: string };
    outcome.textContent =
      result.status === 'APPROVED' ? 'Thank you! Your order is paid.' : `Your card was declined (${result.declineCode}).`;
  } catch (error) {
    outcome.textContent = `Payment failed (${error instanceof CashierError ? error.code : 'unknown'}).`;
  } finally {
    button.disabled = false;
  }
});
