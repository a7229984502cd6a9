import { LOCAL_PAYMENT_RESULT_MESSAGE, type LocalPaymentOutcome, localPaymentPagePath } from './localMethods';
import { KLARNA_OPTIONS, LOCAL_PAGE_ANSWERS, type LocalPageAnswer, type LocalPaymentView } from './localPayments';
import { formatMoney } from './threeDsChallengePage';

/**
 * A local method's page (iDEAL, Bancontact, Klarna), simulated: what the reference provider and
 * the mock mode serve on the payments origin at `/local-payments/<chargeId>`, in a popup the widget
 * opened. English, like the PayPal and 3-D Secure pages. One HTML page with its own script and
 * style sheet (no inline script or style, CSP `script-src 'self'`): the method's name, who is paid
 * and how much, and a form whose buttons POST to `/local-payments/<chargeId>/<answer>` on the same
 * origin (form fields `settleAs` and, for Klarna, `klarnaOption`). The answer page then posts a
 * `LocalPaymentResultMessage` to the opener, once per frame origin (never `*`), and closes.
 */

/** The page's script, on the payments origin (`LOCAL_PAYMENT_SCRIPT`). */
export const LOCAL_PAYMENT_SCRIPT_PATH = '/local-payments.js';

/** The page's style sheet, on the payments origin (`LOCAL_PAYMENT_STYLE`). */
export const LOCAL_PAYMENT_STYLE_PATH = '/local-payments.css';

/** The folder of the pages on the payments origin: `${LOCAL_PAYMENTS_PATH}/<chargeId>`. */
export const LOCAL_PAYMENTS_PATH = '/local-payments';

/** Where the page POSTs `answer` for `chargeId` (form fields: `settleAs`, `klarnaOption`). */
export const localPaymentAnswerPath = (chargeId: string, answer: LocalPageAnswer): string =>
  `${localPaymentPagePath(chargeId)}/${answer}`;

/** The message outcome each answer tells the opener. */
export const LOCAL_ANSWER_OUTCOMES: Readonly<Record<LocalPageAnswer, LocalPaymentOutcome>> = {
  approve: 'approved',
  decline: 'declined',
  pending: 'pending',
  cancel: 'cancelled',
};

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page around `body`; `<main data-state data-charge-id data-outcome data-frame-origins>` is what the script reads. */
function page(title: string, brand: string, data: Record<string, string>, body: string): string {
  const attributes = Object.entries(data)
    .map(([name, value]) => ` data-${name}="${escapeHtml(value)}"`)
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${LOCAL_PAYMENT_STYLE_PATH}">
<script src="${LOCAL_PAYMENT_SCRIPT_PATH}" defer></script>
</head>
<body>
<main${attributes}>
<p class="brand">${escapeHtml(brand)} · test payment</p>
${body}
</main>
</body>
</html>
`;
}

const button = (chargeId: string, answer: LocalPageAnswer) =>
  `<button type="submit" value="${answer}" formaction="${escapeHtml(localPaymentAnswerPath(chargeId, answer))}">${LOCAL_PAGE_ANSWERS[answer]}</button>`;

/**
 * The page of an open local payment: the method's name, who is paid and how much; for Klarna first
 * the choice "Pay later in 30 days" / "Pay in 3 parts"; then "Approve payment", "Decline payment",
 * "Approve later (pending)" with its choice of how it settles (approved or declined), and "Cancel
 * and return". The form is shown by the script only when a window opened this one.
 */
export function renderLocalPaymentPage(view: LocalPaymentView): string {
  const { chargeId, label } = view;
  const klarna =
    view.method === 'KLARNA'
      ? `<fieldset>
<legend>How do you want to pay?</legend>
${Object.entries(KLARNA_OPTIONS)
  .map(
    ([value, words], i) =>
      `<label><input type="radio" name="klarnaOption" value="${value}"${i === 0 ? ' checked' : ''}> ${escapeHtml(words)}</label>`,
  )
  .join('\n')}
</fieldset>
`
      : '';
  return page(
    `Pay with ${label}`,
    label,
    { state: 'open', 'charge-id': chargeId, method: view.method },
    `<h1>Pay with ${escapeHtml(label)}</h1>
<p>This is a test: no bank to sign in to, choose how it ends.</p>
<dl>
<dt>Pay to</dt><dd>${escapeHtml(view.merchant)}</dd>
<dt>Amount</dt><dd>${escapeHtml(formatMoney(view.amount))}</dd>
</dl>
<form method="post" action="${escapeHtml(localPaymentAnswerPath(chargeId, 'approve'))}" hidden>
${klarna}${button(chargeId, 'approve')}
${button(chargeId, 'decline')}
<fieldset class="later">
<legend>Approve later: the bank confirms within seconds</legend>
<label><input type="radio" name="settleAs" value="approve" checked> Settles approved</label>
<label><input type="radio" name="settleAs" value="decline"> Settles declined</label>
${button(chargeId, 'pending')}
</fieldset>
${button(chargeId, 'cancel')}
</form>
<p role="status"></p>`,
  );
}

/** The answer to a recorded `answer`: says so; its script tells the opener and closes the window. */
export function renderLocalPaymentDonePage(
  chargeId: string,
  label: string,
  answer: LocalPageAnswer,
  frameOrigins: readonly string[],
): string {
  const title = {
    approve: 'Payment approved',
    decline: 'Payment declined',
    pending: 'Payment approved, waiting for the bank',
    cancel: 'Payment cancelled',
  }[answer];
  return page(
    title,
    label,
    {
      state: 'done',
      'charge-id': chargeId,
      outcome: LOCAL_ANSWER_OUTCOMES[answer],
      'frame-origins': JSON.stringify(frameOrigins),
    },
    `<h1>${title}</h1>\n<p role="status">Returning to the payment form…</p>`,
  );
}

/** A page that only says what went wrong (unknown or answered payment, a refused answer). */
export function renderLocalPaymentProblemPage(title: string, text: string): string {
  return page(title, 'Payment', { state: 'problem' }, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(text)}</p>`);
}

/**
 * The page's script (never inline). On the open page it shows the form only when a window opened
 * this one (else it says to start from the payment form), and ignores a second submit. On the done
 * page it posts `{ type: 'cashier:local-payment-result', chargeId, outcome }` to the opener once per
 * frame origin, each as the pinned target origin (only the opener's own is delivered), never `*`,
 * then closes the window.
 */
export const LOCAL_PAYMENT_SCRIPT = `// The simulated local payment page's script (reference provider, mock mode).
(function () {
  'use strict';
  var main = document.querySelector('main[data-charge-id]');
  if (!main) return;
  var opener = window.opener;
  var status = main.querySelector('[role="status"]');
  if (main.getAttribute('data-state') === 'done') {
    var origins = [];
    try { origins = JSON.parse(main.getAttribute('data-frame-origins') || '[]'); } catch (e) { origins = []; }
    var message = { type: ${JSON.stringify(LOCAL_PAYMENT_RESULT_MESSAGE)}, chargeId: main.getAttribute('data-charge-id'), outcome: main.getAttribute('data-outcome') };
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

/** The page's style sheet: one column that fits 320 CSS px, buttons at least 44 px high, a visible focus ring. */
export const LOCAL_PAYMENT_STYLE = `:root { color-scheme: light dark; }
*, *::before, *::after { box-sizing: border-box; }
body { margin: 0; font: 16px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; overflow-wrap: anywhere; }
main { max-width: 30rem; margin: 0 auto; padding: 12px 16px 16px; }
h1 { font-size: 1.25rem; margin: 0 0 8px; }
p { margin: 0 0 12px; }
.brand { font-size: 0.875rem; font-weight: 600; }
dl { display: grid; grid-template-columns: auto 1fr; gap: 4px 12px; margin: 0 0 16px; }
dt { font-weight: 600; }
dd { margin: 0; min-width: 0; }
form, fieldset { display: grid; gap: 8px; }
form[hidden] { display: none; }
fieldset { margin: 0; padding: 8px 12px 12px; border: 1px solid currentColor; border-radius: 8px; }
legend { font-weight: 600; padding: 0 4px; }
label { display: flex; gap: 8px; align-items: center; min-height: 44px; }
input[type="radio"] { width: 20px; height: 20px; margin: 0; }
button { font: inherit; min-height: 44px; width: 100%; padding: 8px 12px; border-radius: 22px; border: 2px solid #1f4ed8; cursor: pointer; background: transparent; color: inherit; }
button[value="approve"] { background: #1f4ed8; color: #fff; }
button:focus-visible, input:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
[role="status"]:empty { display: none; }
`;
