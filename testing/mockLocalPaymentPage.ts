import { LOCAL_PAYMENT_RESULT_MESSAGE, type LocalPaymentOutcome, localPaymentPagePath } from '../shared/localMethods';
import { KLARNA_OPTIONS, LOCAL_PAGE_ANSWERS, type LocalPageAnswer, type LocalPaymentView } from '../shared/localPayments';
import { formatMoney } from '../shared/threeDsChallengePage';

/**
 * The mock mode's own local payment page (issue 38): what the reference provider's page on the
 * payments origin shows and does (the same paths, form fields `settleAs` and `klarnaOption`, words,
 * CSP and message), kept here until the provider's framework-free page (shared/localPaymentPage.ts
 * with provider/store/localPaymentPages.ts, on branch prov38) is on this branch; then
 * mockLocalPayments.ts serves that one and this file goes. The page says who is paid, how much and by which method, and offers "Approve payment",
 * "Decline payment", "Approve later (pending)" (with how it settles) and "Cancel and return", and
 * for Klarna its two ways to pay; the done page posts `{ type: 'cashier:local-payment-result',
 * chargeId, outcome }` to the opener once per frame origin (never `*`) and closes.
 */

/** The page's script and style sheet, beside the pages on the payments origin. */
export const LOCAL_PAYMENT_SCRIPT_PATH = '/local-payments.js';
export const LOCAL_PAYMENT_STYLE_PATH = '/local-payments.css';

/** What the page tells its opener for each answer. */
export const LOCAL_PAGE_OUTCOMES: Readonly<Record<LocalPageAnswer, LocalPaymentOutcome>> = {
  approve: 'approved',
  decline: 'declined',
  pending: 'pending',
  cancel: 'cancelled',
};

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page around `body`; `<main data-state data-charge-id data-outcome data-frame-origins>` is what the script reads. */
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
<link rel="stylesheet" href="${LOCAL_PAYMENT_STYLE_PATH}">
<script src="${LOCAL_PAYMENT_SCRIPT_PATH}" defer></script>
</head>
<body>
<main${attributes}>
${body}
</main>
</body>
</html>
`;
}

/** Radio buttons named `name`, the first checked. */
const radios = (name: string, legend: string, choices: Record<string, string>) =>
  `<fieldset><legend>${escapeHtml(legend)}</legend>${Object.entries(choices)
    .map(
      ([value, words], i) =>
        `<label><input type="radio" name="${name}" value="${value}"${i === 0 ? ' checked' : ''}> ${escapeHtml(words)}</label>`,
    )
    .join('')}</fieldset>`;

/** The open page of a local method's charge: the method, who is paid and how much, the choices and the four buttons. */
export function renderLocalPaymentPage(view: LocalPaymentView): string {
  const path = localPaymentPagePath(view.chargeId);
  const button = (answer: LocalPageAnswer) =>
    `<button type="submit" value="${answer}" formaction="${escapeHtml(`${path}/${answer}`)}">${LOCAL_PAGE_ANSWERS[answer]}</button>`;
  // "Approve later" sits with its choice of how the bank settles it, as on the reference provider's page.
  const later = radios('settleAs', 'Approve later: the bank confirms within seconds', {
    approve: 'Settles approved',
    decline: 'Settles declined',
  }).replace('</fieldset>', `${button('pending')}</fieldset>`);
  const klarna = view.method === 'KLARNA' ? radios('klarnaOption', 'How do you want to pay?', KLARNA_OPTIONS) : '';
  return page(
    `Pay with ${view.label}`,
    { state: 'open', 'charge-id': view.chargeId, method: view.method },
    `<p class="brand">${escapeHtml(view.label)} · test payment</p>
<h1>Pay with ${escapeHtml(view.label)}</h1>
<p>This is a test: no bank to sign in to, choose how it ends.</p>
<dl>
<dt>Pay to</dt><dd>${escapeHtml(view.merchant)}</dd>
<dt>Amount</dt><dd>${escapeHtml(formatMoney(view.amount))}</dd>
</dl>
<form method="post" action="${escapeHtml(`${path}/approve`)}" hidden>
${klarna}${button('approve')}
${button('decline')}
${later}
${button('cancel')}
</form>
<p role="status"></p>`,
  );
}

/** The answer to a recorded answer: says so; its script tells the opener and closes the window. */
export function renderLocalPaymentDonePage(chargeId: string, answer: LocalPageAnswer, frameOrigins: readonly string[]): string {
  const outcome = LOCAL_PAGE_OUTCOMES[answer];
  const title = {
    approved: 'Payment approved',
    declined: 'Payment declined',
    pending: 'Payment pending',
    cancelled: 'Payment cancelled',
  }[outcome];
  return page(
    title,
    { state: 'done', 'charge-id': chargeId, outcome, 'frame-origins': JSON.stringify(frameOrigins) },
    `<h1>${title}</h1>\n<p role="status">Returning to the payment form…</p>`,
  );
}

/** A page that only says what went wrong (unknown or answered charge, a refused answer). */
export function renderLocalPaymentProblemPage(title: string, text: string): string {
  return page(title, { state: 'problem' }, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(text)}</p>`);
}

/**
 * The page's script (never inline: the page's CSP allows scripts from 'self' only). On the open
 * page it shows the form only when a window opened this one, and ignores a second submit. On the
 * done page it posts the result message to the opener once per frame origin, each as the pinned
 * target origin, never `*`, then closes the window.
 */
export const LOCAL_PAYMENT_SCRIPT = `// The mock mode's local payment page script.
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
form { display: grid; gap: 8px; }
form[hidden] { display: none; }
fieldset { display: grid; gap: 4px; margin: 0; padding: 8px 12px; border-radius: 8px; }
label { display: flex; gap: 8px; align-items: center; min-height: 44px; }
button { font: inherit; min-height: 44px; width: 100%; padding: 8px 12px; border-radius: 8px; border: 2px solid currentColor; background: transparent; color: inherit; cursor: pointer; }
button[value="approve"] { font-weight: 600; }
button:focus-visible, input:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
[role="status"]:empty { display: none; }
`;
