import { THREE_DS_COMPLETE_MESSAGE } from './threeDsChallengePage';

/**
 * The text of the 3-D Secure challenge page's own script (served at `THREE_DS_SCRIPT_PATH` on the
 * vault origin, never inline: the page's CSP allows scripts from 'self' only). It reads the page's
 * `<main data-state data-challenge-id data-frame-origins>`, and:
 * - on the challenge (`data-state="open"`): shows the form only when the page's immediate parent
 *   is one of the frame origins (`location.ancestorOrigins[0]`, else the origin of
 *   `document.referrer`), so a page that embeds the bank's page itself gets no buttons to
 *   clickjack; a second submit (double click) is ignored;
 * - on the answer to a recorded result (`data-state="done"`): posts
 *   `{ type: 'cashier:three-ds-complete', challengeId }` to its parent, once per frame origin, each
 *   as the pinned target origin (the browser delivers it only to the one the parent is), never `*`.
 * Plain ES2017 in a classic script, so it runs in every engine the widget supports.
 */
export const THREE_DS_SCRIPT = `// The 3-D Secure challenge page's script (reference provider and mock mode).
(function () {
  'use strict';
  var main = document.querySelector('main[data-challenge-id]');
  if (!main) return;
  var challengeId = main.getAttribute('data-challenge-id');
  var frameOrigins = [];
  try { frameOrigins = JSON.parse(main.getAttribute('data-frame-origins') || '[]'); } catch (e) { frameOrigins = []; }
  var embedded = window.parent !== window;
  var originOf = function (url) { try { return new URL(url).origin; } catch (e) { return null; } };
  var ancestors = window.location.ancestorOrigins;
  var parentOrigin = !embedded ? null : ancestors && ancestors.length > 0 ? ancestors[0] : originOf(document.referrer);
  var status = main.querySelector('[role="status"]');
  var state = main.getAttribute('data-state');
  if (state === 'done') {
    if (!embedded) return;
    for (var i = 0; i < frameOrigins.length; i += 1) {
      window.parent.postMessage({ type: ${JSON.stringify(THREE_DS_COMPLETE_MESSAGE)}, challengeId: challengeId }, frameOrigins[i]);
    }
    return;
  }
  if (state !== 'open') return;
  var form = main.querySelector('form');
  if (!form) return;
  if (parentOrigin === null || frameOrigins.indexOf(parentOrigin) < 0) {
    if (status) status.textContent = 'This page opens only inside the payment form.';
    return;
  }
  form.hidden = false;
  var sent = false;
  form.addEventListener('submit', function (event) {
    if (sent) { event.preventDefault(); return; }
    sent = true;
    form.setAttribute('aria-busy', 'true');
    if (status) status.textContent = 'Sending your answer to the bank…';
  });
})();
`;

/**
 * The challenge page's style sheet (served at `THREE_DS_STYLE_PATH`): one column that fits 320 CSS
 * px with no sideways scrolling, readable in a 390×400 box, full-width buttons at least 44 px high,
 * a visible focus ring, and the user's light or dark scheme.
 */
export const THREE_DS_STYLE = `:root { color-scheme: light dark; }
*, *::before, *::after { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
body { margin: 0; font: 16px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; overflow-wrap: anywhere; }
main { max-width: 30rem; margin: 0 auto; padding: 12px 16px 16px; }
h1 { font-size: 1.25rem; margin: 0 0 8px; }
p { margin: 0 0 12px; }
.bank { font-size: 0.875rem; margin: 0 0 4px; opacity: 0.8; }
dl { display: grid; grid-template-columns: auto 1fr; gap: 4px 12px; margin: 0 0 16px; }
dt { font-weight: 600; }
dd { margin: 0; min-width: 0; }
form { display: grid; gap: 8px; }
form[hidden] { display: none; }
button { font: inherit; min-height: 44px; width: 100%; padding: 8px 12px; border-radius: 6px; border: 2px solid #1a56db; cursor: pointer; }
button[value="complete"] { background: #1a56db; color: #fff; }
button[value="fail"] { background: transparent; color: inherit; }
button:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
form[aria-busy="true"] button { opacity: 0.6; cursor: progress; }
[role="status"]:empty { display: none; }
`;
