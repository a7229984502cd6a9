import { PAYPAL_APPROVAL_PATH, PAYPAL_RESULT_MESSAGE, type PayPalOutcome } from '../../shared/payPal';
import { formatMoney } from '../../shared/threeDsChallengePage';
import type { PayPalApprovalView } from './payPalCheckouts';

/** The approval page's script, on the provider host (`PAYPAL_APPROVAL_SCRIPT`). */
export const PAYPAL_APPROVAL_SCRIPT_PATH = `${PAYPAL_APPROVAL_PATH}.js`;

/** The approval page's style sheet (`PAYPAL_APPROVAL_STYLE`). */
export const PAYPAL_APPROVAL_STYLE_PATH = `${PAYPAL_APPROVAL_PATH}.css`;

/** The buyer's answers, in the order the page shows their buttons, with their words. */
export const PAYPAL_OUTCOMES: Readonly<Record<PayPalOutcome, string>> = {
  approve: 'Approve payment',
  cancel: 'Cancel and return',
};

/** Where the page POSTs `outcome` for `checkoutId` (no body: the outcome is in the path). */
export const payPalResultPath = (checkoutId: string, outcome: PayPalOutcome): string =>
  `${PAYPAL_APPROVAL_PATH}/${encodeURIComponent(checkoutId)}/${outcome}`;

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page around `body`; `<main data-state data-checkout-id data-outcome data-frame-origins>` is what the script reads. */
function page(title: string, data: Record<string, string>, body: string): string {
  const attributes = Object.entries(data)
    .map(([name, value]) => ` data-${name}="${escapeHtml(value)}"`)
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${PAYPAL_APPROVAL_STYLE_PATH}">
<script src="${PAYPAL_APPROVAL_SCRIPT_PATH}" defer></script>
</head>
<body>
<main${attributes}>
<p class="brand">PayPal · test approval</p>
${body}
</main>
</body>
</html>
`;
}

/**
 * The simulated PayPal approval page: who is paid and how much, and the buttons "Approve payment"
 * and "Cancel and return" (a form posting to the same origin, shown by the script only when a
 * window opened this one).
 */
export function renderPayPalApprovalPage(view: PayPalApprovalView): string {
  const buttons = (Object.keys(PAYPAL_OUTCOMES) as PayPalOutcome[])
    .map(
      (outcome) =>
        `<button type="submit" value="${outcome}" formaction="${escapeHtml(payPalResultPath(view.checkoutId, outcome))}">${PAYPAL_OUTCOMES[outcome]}</button>`,
    )
    .join('\n');
  return page(
    'Approve your payment',
    { state: 'open', 'checkout-id': view.checkoutId },
    `<h1>Approve your payment</h1>
<p>This is a test: no account to sign in to, choose how it ends.</p>
<dl>
<dt>Pay to</dt><dd>${escapeHtml(view.merchant)}</dd>
<dt>Amount</dt><dd>${escapeHtml(formatMoney(view.amount))}</dd>
</dl>
<form method="post" action="${escapeHtml(payPalResultPath(view.checkoutId, 'approve'))}" hidden>
${buttons}
</form>
<p role="status"></p>`,
  );
}

/** The answer to a recorded outcome: says so; its script tells the opener ({@link PAYPAL_RESULT_MESSAGE}) and closes the window. */
export function renderPayPalDonePage(checkoutId: string, outcome: PayPalOutcome, frameOrigins: readonly string[]): string {
  const title = outcome === 'approve' ? 'Payment approved' : 'Payment cancelled';
  return page(
    title,
    { state: 'done', 'checkout-id': checkoutId, outcome, 'frame-origins': JSON.stringify(frameOrigins) },
    `<h1>${title}</h1>\n<p role="status">Returning to the payment form…</p>`,
  );
}

/** A page that only says what went wrong (unknown or answered checkout, a refused answer). */
export function renderPayPalProblemPage(title: string, text: string): string {
  return page(title, { state: 'problem' }, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(text)}</p>`);
}

/**
 * The approval page's script (never inline: the page's CSP allows scripts from 'self' only). On
 * the open page it shows the form only when a window opened this one (else it says to start from
 * the payment form), and ignores a second submit. On the done page it posts
 * `{ type: 'cashier:paypal-result', checkoutId, outcome }` to the opener once per frame origin, each
 * as the pinned target origin (only the opener's own is delivered), never `*`, then closes the window.
 */
export const PAYPAL_APPROVAL_SCRIPT = `// The simulated PayPal approval page's script (reference provider).
(function () {
  'use strict';
  var main = document.querySelector('main[data-checkout-id]');
  if (!main) return;
  var opener = window.opener;
  var status = main.querySelector('[role="status"]');
  if (main.getAttribute('data-state') === 'done') {
    var origins = [];
    try { origins = JSON.parse(main.getAttribute('data-frame-origins') || '[]'); } catch (e) { origins = []; }
    var message = { type: ${JSON.stringify(PAYPAL_RESULT_MESSAGE)}, checkoutId: main.getAttribute('data-checkout-id'), outcome: main.getAttribute('data-outcome') };
    if (opener) for (var i = 0; i < origins.length; i += 1) opener.postMessage(message, origins[i]);
    window.close();
    return;
  }
  var form = main.querySelector('form');
  if (!form) return;
  if (!opener) {
    if (status) status.textContent = 'Start this payment from the payment form.';
    return;
  }
  form.hidden = false;
  var sent = false;
  form.addEventListener('submit', function (event) {
    if (sent) { event.preventDefault(); return; }
    sent = true;
    form.setAttribute('aria-busy', 'true');
  });
})();
`;

/** The approval page's style sheet: one column that fits 320 CSS px, buttons at least 44 px high, a visible focus ring. */
export const PAYPAL_APPROVAL_STYLE = `:root { color-scheme: light dark; }
*, *::before, *::after { box-sizing: border-box; }
body { margin: 0; font: 16px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; overflow-wrap: anywhere; }
main { max-width: 30rem; margin: 0 auto; padding: 12px 16px 16px; }
h1 { font-size: 1.25rem; margin: 0 0 8px; }
p { margin: 0 0 12px; }
.brand { font-size: 0.875rem; font-weight: 600; color: #003087; }
dl { display: grid; grid-template-columns: auto 1fr; gap: 4px 12px; margin: 0 0 16px; }
dt { font-weight: 600; }
dd { margin: 0; min-width: 0; }
form { display: grid; gap: 8px; }
form[hidden] { display: none; }
button { font: inherit; min-height: 44px; width: 100%; padding: 8px 12px; border-radius: 22px; border: 2px solid #0070ba; cursor: pointer; }
button[value="approve"] { background: #0070ba; color: #fff; }
button[value="cancel"] { background: transparent; color: inherit; }
button:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
[role="status"]:empty { display: none; }
`;
