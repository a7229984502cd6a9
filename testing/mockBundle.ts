import { ProviderPaths } from '../shared/paths';

const TOKENIZE_PATH = JSON.stringify(ProviderPaths.cardTokenization);
// The paths with a placeholder the bundle replaces by the URL-encoded order or charge id.
const CHARGES_PATH = JSON.stringify(ProviderPaths.chargesByOrder('ORDER_ID'));
const CHARGE_PATH = JSON.stringify(ProviderPaths.charge('CHARGE_ID'));
const CANCEL_PATH = JSON.stringify(ProviderPaths.cancelCharge('CHARGE_ID'));

/**
 * The text of a tiny reference bundle: an ES module in plain DOM, no React, that implements the
 * widget bundle contract. `mount(container, props)`
 * renders four labelled fields ("Card number", "Expiry (MM/YY)", "Security code", "Cardholder
 * name", the last prefilled from `props.buyer.name`) and a `role="status"` line, then calls
 * `props.onApiInit({ pay })`:
 * - `pay({ orderId })` tokenizes the typed card and charges the order through
 *   `props.providerClient` (so the frame's retries, revalidation and errors apply), with a fresh
 *   `Idempotency-Key`; resolves `{ status: 'APPROVED' | 'DECLINED', orderId, chargeId, declineCode? }`
 *   and shows "Payment approved." or "Payment declined (<code>)."; rejects with the provider
 *   client's CashierError, or a TypeError when `orderId` is not a non-empty string.
 * - A 3-D Secure charge (`REQUIRES_ACTION`): shows the bank's page (`nextAction.url`, on the vault
 *   origin) in a `role="dialog"` named "Confirm your payment", in an iframe titled "Your bank's
 *   payment confirmation", with a "Cancel" button (which cancels the charge); reads the charge by
 *   id every 500 ms until it settles, then removes the dialog and resolves as above. A plain
 *   stand-in for the real widget's dialog (no overlay, no focus trap): enough for a site's test to
 *   walk through a challenge.
 * Returns `{ unmount, update }`: `update` applies `theme` (the form's `data-theme`) and `buyer`.
 * The mock provider serves it under `staticsBaseUrl`; nothing to build.
 */
export const MOCK_BUNDLE_SOURCE = `// The mock mode's tiny reference bundle (cashier-widget/testing).
const TOKENIZE_PATH = ${TOKENIZE_PATH};
const CHARGES_PATH = ${CHARGES_PATH};
const CHARGE_PATH = ${CHARGE_PATH};
const CANCEL_PATH = ${CANCEL_PATH};

export function mount(container, props) {
  const doc = container.ownerDocument;
  let current = props;
  const form = doc.createElement('form');
  const field = (name, label) => {
    const wrap = doc.createElement('label');
    const input = doc.createElement('input');
    input.name = name;
    wrap.append(label, ' ', input);
    form.append(wrap);
    return input;
  };
  const number = field('number', 'Card number');
  const expiry = field('expiry', 'Expiry (MM/YY)');
  const cvc = field('cvc', 'Security code');
  const holder = field('holderName', 'Cardholder name');
  const status = doc.createElement('p');
  status.setAttribute('role', 'status');
  form.append(status);
  form.addEventListener('submit', (event) => event.preventDefault());
  const apply = (p) => {
    if (p.theme !== undefined) form.dataset.theme = p.theme;
    if (p.buyer && p.buyer.name !== undefined) holder.value = p.buyer.name;
  };
  apply(current);
  container.replaceChildren(form);

  async function pay(input) {
    const orderId = input && input.orderId;
    if (typeof orderId !== 'string' || orderId === '') throw new TypeError('pay: orderId must be a non-empty string.');
    const [month, year] = expiry.value.split('/').map((part) => Number(part.trim()));
    status.textContent = '';
    const card = await current.providerClient.vault.request({
      method: 'POST',
      path: TOKENIZE_PATH,
      data: { holderName: holder.value, number: number.value, expMonth: month, expYear: 2000 + year, cvc: cvc.value },
    });
    let charge = await current.providerClient.request({
      method: 'POST',
      path: CHARGES_PATH.replace('ORDER_ID', encodeURIComponent(orderId)),
      data: { paymentMethod: 'CARD', cardToken: card.token },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    });
    if (charge.status === 'REQUIRES_ACTION') charge = await challenge(charge);
    status.textContent = charge.status === 'APPROVED' ? 'Payment approved.' : 'Payment declined (' + charge.declineCode + ').';
    return {
      status: charge.status,
      orderId,
      chargeId: charge.id,
      ...(charge.declineCode ? { declineCode: charge.declineCode } : {}),
    };
  }

  // The bank's page until the charge settles (read by id, never taken from the page's message).
  async function challenge(charge) {
    const id = encodeURIComponent(charge.id);
    const dialog = doc.createElement('div');
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-label', 'Confirm your payment');
    const bank = doc.createElement('iframe');
    bank.title = "Your bank's payment confirmation";
    bank.setAttribute('sandbox', 'allow-scripts allow-same-origin allow-forms');
    bank.style.cssText = 'display:block;width:100%;height:400px;border:0';
    bank.src = charge.nextAction.url;
    const cancel = doc.createElement('button');
    cancel.type = 'button';
    cancel.textContent = 'Cancel';
    cancel.addEventListener('click', () => {
      current.providerClient.request({ method: 'POST', path: CANCEL_PATH.replace('CHARGE_ID', id) }).catch(() => {});
    });
    dialog.append(bank, cancel);
    container.append(dialog);
    try {
      while (charge.status === 'REQUIRES_ACTION') {
        await new Promise((resolve) => setTimeout(resolve, 500));
        charge = await current.providerClient.request({ method: 'GET', path: CHARGE_PATH.replace('CHARGE_ID', id) });
      }
      return charge;
    } finally {
      dialog.remove();
    }
  }

  props.onApiInit({ pay });
  return {
    unmount() {
      container.replaceChildren();
    },
    update(changes) {
      current = { ...current, ...changes };
      apply(changes);
    },
  };
}
`;
