import { isHttpsOrLoopback } from './isHttpsOrLoopback';
import type { Money } from './providerShapes';

/**
 * The bank's 3-D Secure challenge, simulated (issue 22): the page the reference provider's vault and
 * the mock mode serve on the vault origin, never on `host`. One HTML page with its own script and
 * style sheet (no inline script or style); the buyer presses "Complete authentication" or "Fail
 * authentication", which POSTs the result to the same origin; the answer page then tells the
 * frame (`postMessage`, target origin pinned) that it is done. The widget reads the outcome from
 * the charge, never from the message.
 */

/** Where the challenge pages live on the vault origin: `${THREE_DS_CHALLENGES_PATH}/<challengeId>`. */
export const THREE_DS_CHALLENGES_PATH = '/three-ds/challenges';

/** The challenge page's script, on the vault origin (`THREE_DS_SCRIPT`). */
export const THREE_DS_SCRIPT_PATH = '/three-ds/challenge.js';

/** The challenge page's style sheet, on the vault origin (`THREE_DS_STYLE`). */
export const THREE_DS_STYLE_PATH = '/three-ds/challenge.css';

/** `type` of the message the page posts to the frame once a result is recorded. */
export const THREE_DS_COMPLETE_MESSAGE = 'cashier:three-ds-complete';

/** The message the challenge page posts to its parent (the frame) once the buyer's result is recorded. */
export interface ThreeDsCompleteMessage {
  type: typeof THREE_DS_COMPLETE_MESSAGE;
  /** The challenge's id: the last segment of the charge's `nextAction.url`. */
  challengeId: string;
}

/** What the buyer answered: `complete` ("Complete authentication") or `fail` ("Fail authentication"). */
export type ThreeDsOutcome = 'complete' | 'fail';

/** The outcomes, in the order the page shows their buttons. */
export const THREE_DS_OUTCOMES: readonly ThreeDsOutcome[] = ['complete', 'fail'];

/** The challenge page's path for `challengeId` (URL-encoded). */
export const threeDsChallengePath = (challengeId: string): string =>
  `${THREE_DS_CHALLENGES_PATH}/${encodeURIComponent(challengeId)}`;

/** Where the page POSTs `outcome` for `challengeId` (no body needed: the outcome is in the path). */
export const threeDsResultPath = (challengeId: string, outcome: ThreeDsOutcome): string =>
  `${threeDsChallengePath(challengeId)}/${outcome}`;

/** What the challenge page shows. */
export interface ThreeDsChallengeView {
  challengeId: string;
  /** Who is paid: the order's event name. */
  merchant: string;
  /** The charge's amount. */
  amount: Money;
  /** The card's last four digits. */
  last4: string;
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * `money` for people, in English: `{ amount: 2500, currency: 'EUR' }` → "€25.00", minor units by the
 * currency's own digits (JPY has none). An unknown currency code comes out as "2500 XXQ".
 */
export function formatMoney(money: Money): string {
  try {
    const format = new Intl.NumberFormat('en', { style: 'currency', currency: money.currency });
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(money.amount / 10 ** digits);
  } catch {
    return `${money.amount} ${money.currency}`;
  }
}

/**
 * The challenge page's one `frame-ancestors` policy (docs/deploy.md "3-D Secure"): the frame
 * origins, then `https:`. A browser checks `frame-ancestors` against every ancestor, not only the
 * parent (Chromium and Firefox both refuse a frame-in-frame whose top page is not listed), and a
 * provider cannot list every merchant site that embeds its frame; so any https site may be an
 * ancestor, and what keeps the page to the frame is its script, which shows the buttons only when
 * its immediate parent is a frame origin (threeDsChallengeAssets.ts). Plain-http loopback sites among
 * `embeddingOrigins` (a development host page, which `https:` does not cover) are listed too; https
 * ones are already in `https:`. Returns the sources in that order, each once.
 */
export function challengeFrameAncestors(frameOrigins: readonly string[], embeddingOrigins: readonly string[] = []): string[] {
  const httpLoopback = embeddingOrigins.filter((origin) => origin.startsWith('http:') && isHttpsOrLoopback(origin));
  return [...new Set([...frameOrigins, ...httpLoopback, 'https:'])];
}

/**
 * The reply headers of every challenge page (and its 404/409 pages): HTML, a strict CSP (own
 * script and style only, forms to itself, `frame-ancestors` = `ancestors`, for the challenge page
 * {@link challengeFrameAncestors}), `nosniff`, a referrer for its own origin only (`same-origin`:
 * with `no-referrer` the browser sends `Origin: null` with the form's POST, which the vault
 * refuses), never cached. An empty list gives `frame-ancestors 'none'`.
 */
export function threeDsPageHeaders(ancestors: readonly string[]): Record<string, string> {
  const frameAncestors = ancestors.length > 0 ? ancestors.join(' ') : "'none'";
  return {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': `default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors ${frameAncestors}`,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'same-origin',
    'Cache-Control': 'no-store',
  };
}

/** The page around `body`: `<main data-state>` carries what the script reads. */
function page(title: string, main: { state: string; challengeId?: string; frameOrigins?: readonly string[] }, body: string) {
  const data = [
    `data-state="${escapeHtml(main.state)}"`,
    main.challengeId === undefined ? '' : ` data-challenge-id="${escapeHtml(main.challengeId)}"`,
    main.frameOrigins === undefined ? '' : ` data-frame-origins="${escapeHtml(JSON.stringify(main.frameOrigins))}"`,
  ].join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${THREE_DS_STYLE_PATH}">
<script src="${THREE_DS_SCRIPT_PATH}" defer></script>
</head>
<body>
<main ${data}>
<p class="bank">Test bank · 3-D Secure</p>
${body}
</main>
</body>
</html>
`;
}

/**
 * The challenge: a heading "Confirm your payment", the merchant, the amount and the card's last
 * four digits, and the buttons "Complete authentication" and "Fail authentication" (a form, hidden
 * until the script has checked that the parent is one of `frameOrigins`).
 */
export function renderThreeDsChallengePage(view: ThreeDsChallengeView, frameOrigins: readonly string[]): string {
  const { challengeId, merchant, amount, last4 } = view;
  const labels: Record<ThreeDsOutcome, string> = { complete: 'Complete authentication', fail: 'Fail authentication' };
  const buttons = THREE_DS_OUTCOMES.map(
    (outcome) =>
      `<button type="submit" value="${outcome}" formaction="${escapeHtml(threeDsResultPath(challengeId, outcome))}">${labels[outcome]}</button>`,
  ).join('\n');
  return page(
    'Confirm your payment',
    { state: 'open', challengeId, frameOrigins },
    `<h1>Confirm your payment</h1>
<p>Your bank asks you to confirm this payment. This is a test: no code to type, choose how it ends.</p>
<dl>
<dt>Merchant</dt><dd>${escapeHtml(merchant)}</dd>
<dt>Amount</dt><dd>${escapeHtml(formatMoney(amount))}</dd>
<dt>Card</dt><dd>•••• ${escapeHtml(last4)}</dd>
</dl>
<form method="post" action="${escapeHtml(threeDsResultPath(challengeId, 'complete'))}" hidden>
${buttons}
</form>
<p role="status"></p>`,
  );
}

/** The answer to a recorded result: says so, and (its script) tells the frame (`THREE_DS_COMPLETE_MESSAGE`). */
export function renderThreeDsDonePage(challengeId: string, outcome: ThreeDsOutcome, frameOrigins: readonly string[]): string {
  const title = outcome === 'complete' ? 'Authentication complete' : 'Authentication failed';
  return page(
    title,
    { state: 'done', challengeId, frameOrigins },
    `<h1>${title}</h1>\n<p role="status">Returning to the payment form…</p>`,
  );
}

/** A page that only says what went wrong: unknown or closed challenge (404), result already recorded (409), refused (403). */
export function renderThreeDsProblemPage(title: string, text: string): string {
  return page(title, { state: 'problem' }, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(text)}</p>`);
}
