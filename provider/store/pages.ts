import { PAYPAL_APPROVAL_PATH, type PayPalOutcome } from '../../shared/payPal';
import { THREE_DS_SCRIPT, THREE_DS_STYLE } from '../../shared/threeDsChallengeAssets';
import {
  renderThreeDsChallengePage,
  renderThreeDsDonePage,
  renderThreeDsProblemPage,
  THREE_DS_CHALLENGES_PATH,
  THREE_DS_OUTCOMES,
  THREE_DS_SCRIPT_PATH,
  THREE_DS_STYLE_PATH,
  type ThreeDsOutcome,
  threeDsPageHeaders,
} from '../../shared/threeDsChallengePage';
import type { ThreeDsChallenges } from '../../shared/threeDsChallenges';
import {
  PAYPAL_APPROVAL_SCRIPT,
  PAYPAL_APPROVAL_SCRIPT_PATH,
  PAYPAL_APPROVAL_STYLE,
  PAYPAL_APPROVAL_STYLE_PATH,
  PAYPAL_OUTCOMES,
  renderPayPalApprovalPage,
  renderPayPalDonePage,
  renderPayPalProblemPage,
} from './payPalApprovalPage';
import type { PayPalCheckouts } from './payPalCheckouts';

/**
 * The pages a buyer answers outside the widget (the bank's 3-D Secure challenge on the vault, the
 * PayPal approval popup), as replies with no framework: the provider's Hono routes and the mock
 * mode's msw handlers send them as they are, so both answer alike.
 */

/** A page or a page's script or style sheet: status, headers and text. */
export interface PageReply {
  status: 200 | 403 | 404 | 409 | 500;
  headers: Record<string, string>;
  body: string;
}

/** Who may answer a page's form, by the POST's `Origin` header. */
export interface AnswerOrigin {
  /** The `Origin` the request carried, or null without one. */
  sent: string | null;
  /** The page's own origin, the only one whose form may answer. */
  own: string;
  /**
   * Whether a request without `Origin` is let through (the mock mode: a routing layer may drop
   * it; a browser never sends another site's form without it). Default false: 403.
   */
  allowMissing?: boolean;
}

/** A page's script or style sheet as a reply (nosniff). */
export const asset = (body: string, type: string): PageReply => ({
  status: 200,
  headers: { 'Content-Type': `${type}; charset=utf-8`, 'X-Content-Type-Options': 'nosniff' },
  body,
});

/** Whether a form POST from `origin` may answer a page: its own origin only. */
export const allowed = ({ sent, own, allowMissing = false }: AnswerOrigin) => sent === own || (sent === null && allowMissing);

/**
 * The 3-D Secure challenge pages (issue 22) over `challenges`: the page at
 * `/three-ds/challenges/<id>` (404 page once unknown or no longer open), the answer of its buttons
 * (`…/complete`, `…/fail`: recorded once; 403 page from another origin, 409 page once answered,
 * cancelled or expired), its script and style sheet. Every page carries {@link threeDsPageHeaders}
 * of `ancestors` (CSP `frame-ancestors`); the done page posts to each of `frameOrigins`.
 */
export function createThreeDsPages(
  challenges: Pick<ThreeDsChallenges, 'view' | 'record'>,
  options: { frameOrigins: readonly string[]; ancestors: readonly string[] },
) {
  const headers = threeDsPageHeaders(options.ancestors);
  const problem = (status: PageReply['status'], title: string, text: string): PageReply => ({
    status,
    headers,
    body: renderThreeDsProblemPage(title, text),
  });
  const notOpen = () =>
    problem(
      404,
      'Authentication not found',
      'This authentication does not exist or is no longer open. Return to the payment form.',
    );
  return {
    /** The path of a challenge's page: `/three-ds/challenges/<id>`. */
    pagePath: THREE_DS_CHALLENGES_PATH,
    /** The page's script and style sheet, by path. */
    assets: {
      [THREE_DS_SCRIPT_PATH]: asset(THREE_DS_SCRIPT, 'text/javascript'),
      [THREE_DS_STYLE_PATH]: asset(THREE_DS_STYLE, 'text/css'),
    },
    /** A problem page with these headers (e.g. the mock's 500 when it knows no frame origin). */
    problem,
    /** The challenge page of `challengeId`, or the 404 page. */
    show(challengeId: string): PageReply {
      const view = challenges.view(challengeId);
      return view ? { status: 200, headers, body: renderThreeDsChallengePage(view, options.frameOrigins) } : notOpen();
    },
    /** A button's POST: `outcome` recorded once, then the page that tells the frame. */
    answer(challengeId: string, outcome: string, origin: AnswerOrigin): PageReply {
      if (!THREE_DS_OUTCOMES.includes(outcome as ThreeDsOutcome)) return notOpen();
      if (!allowed(origin)) return problem(403, 'Not allowed', 'Only the bank’s own page can answer this authentication.');
      const result = challenges.record(challengeId, outcome as ThreeDsOutcome);
      if (result.status === 'unknown') return notOpen();
      if (result.status === 'closed')
        return problem(
          409,
          'Already answered',
          'This authentication was already answered or cancelled. Return to the payment form.',
        );
      return { status: 200, headers, body: renderThreeDsDonePage(challengeId, outcome as ThreeDsOutcome, options.frameOrigins) };
    },
  };
}

/**
 * The PayPal approval pages (issue 25) over `checkouts`: the page at `/paypal/approve/<id>` (404
 * page for an unknown or answered checkout), its form's answer (`…/approve`, `…/cancel`: recorded
 * once; 403 page from another origin, 409 page once answered), its script and style sheet. Pages
 * carry the 3-D Secure page's headers with `frame-ancestors 'none'` (a popup, never framed); the
 * done page posts the outcome to each of `frameOrigins` and closes the popup.
 */
export function createPayPalPages(
  checkouts: Pick<PayPalCheckouts, 'view' | 'record'>,
  options: { frameOrigins: readonly string[] },
) {
  const headers = threeDsPageHeaders([]);
  const problem = (status: PageReply['status'], title: string, text: string): PageReply => ({
    status,
    headers,
    body: renderPayPalProblemPage(title, text),
  });
  const gone = () => problem(404, 'Payment not found', 'This payment does not exist or was already answered. Close this window.');
  return {
    /** The path of a checkout's approval page: `/paypal/approve/<id>`. */
    pagePath: PAYPAL_APPROVAL_PATH,
    /** The page's script and style sheet, by path. */
    assets: {
      [PAYPAL_APPROVAL_SCRIPT_PATH]: asset(PAYPAL_APPROVAL_SCRIPT, 'text/javascript'),
      [PAYPAL_APPROVAL_STYLE_PATH]: asset(PAYPAL_APPROVAL_STYLE, 'text/css'),
    },
    /** The approval page of `checkoutId`, or the 404 page. */
    show(checkoutId: string): PageReply {
      const view = checkouts.view(checkoutId);
      return view ? { status: 200, headers, body: renderPayPalApprovalPage(view) } : gone();
    },
    /** The form's POST: `outcome` recorded once, then the page that tells the frame and closes. */
    answer(checkoutId: string, outcome: string, origin: AnswerOrigin): PageReply {
      if (!Object.hasOwn(PAYPAL_OUTCOMES, outcome)) return gone();
      if (!allowed(origin)) return problem(403, 'Not allowed', 'Only the PayPal page itself can answer this payment.');
      const result = checkouts.record(checkoutId, outcome as PayPalOutcome);
      if (result === 'unknown') return gone();
      if (result === 'closed') return problem(409, 'Already answered', 'This payment was already answered. Close this window.');
      return { status: 200, headers, body: renderPayPalDonePage(checkoutId, outcome as PayPalOutcome, options.frameOrigins) };
    },
  };
}
