import type { Context, Hono } from 'hono';
import { THREE_DS_SCRIPT, THREE_DS_STYLE } from '../shared/threeDsChallengeAssets';
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
} from '../shared/threeDsChallengePage';
import type { ProviderEnv } from './requestPipeline';
import type { CheckoutStore } from './store';

/** Options of {@link registerThreeDsRoutes}. */
export interface ThreeDsRoutesOptions {
  /** The frame origins: the only parents the page shows its buttons to, and where it posts its message. */
  frameOrigins: readonly string[];
  /** Every source allowed among the page's ancestors (CSP `frame-ancestors`): `challengeFrameAncestors` (the frame origins, `https:`). */
  ancestors: readonly string[];
}

/**
 * The vault's 3-D Secure challenge routes (issue 22), on the vault origin, with no Authorization
 * (the page is a navigation; the unguessable challenge id is its key):
 * - `GET /three-ds/challenges/<id>`: the challenge page (shared/threeDsChallengePage.ts), or a 404
 *   page when the id is unknown or the challenge is no longer open;
 * - `POST /three-ds/challenges/<id>/complete` and `…/fail` (the page's form, no body): records the
 *   result once and answers the page that tells the frame; 404 page for an unknown id, 409 page once
 *   a result was recorded or the charge cancelled or expired, 403 page when the request's `Origin`
 *   is not the vault's own (a form on another site cannot answer for the buyer);
 * - `GET /three-ds/challenge.js` and `/three-ds/challenge.css`: the page's script and style sheet.
 * Pages carry {@link threeDsPageHeaders} (CSP with `frame-ancestors`, nosniff, no-store).
 */
export function registerThreeDsRoutes(app: Hono<ProviderEnv>, store: CheckoutStore, options: ThreeDsRoutesOptions): void {
  const headers = threeDsPageHeaders(options.ancestors);
  const html = (c: Context<ProviderEnv>, body: string, status: 200 | 403 | 404 | 409) => c.body(body, status, headers);
  const notOpen = (c: Context<ProviderEnv>) =>
    html(
      c,
      renderThreeDsProblemPage(
        'Authentication not found',
        'This authentication does not exist or is no longer open. Close this window and return to the payment form.',
      ),
      404,
    );

  app.get(THREE_DS_SCRIPT_PATH, (c) =>
    c.body(THREE_DS_SCRIPT, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'X-Content-Type-Options': 'nosniff' }),
  );
  app.get(THREE_DS_STYLE_PATH, (c) =>
    c.body(THREE_DS_STYLE, 200, { 'Content-Type': 'text/css; charset=utf-8', 'X-Content-Type-Options': 'nosniff' }),
  );
  app.get(`${THREE_DS_CHALLENGES_PATH}/:challengeId`, (c) => {
    const view = store.threeDs.view(c.req.param('challengeId'));
    return view ? html(c, renderThreeDsChallengePage(view, options.frameOrigins), 200) : notOpen(c);
  });
  app.post(`${THREE_DS_CHALLENGES_PATH}/:challengeId/:outcome`, (c) => {
    const challengeId = c.req.param('challengeId');
    const outcome = c.req.param('outcome') as ThreeDsOutcome;
    if (!THREE_DS_OUTCOMES.includes(outcome)) return notOpen(c);
    if (c.req.header('origin') !== new URL(c.req.url).origin) {
      const problem = renderThreeDsProblemPage('Not allowed', 'Only the bank’s own page can answer this authentication.');
      return html(c, problem, 403);
    }
    const result = store.threeDs.record(challengeId, outcome);
    if (result.status === 'unknown') return notOpen(c);
    if (result.status === 'closed') {
      const problem = renderThreeDsProblemPage(
        'Already answered',
        'This authentication was already answered or cancelled. Return to the payment form.',
      );
      return html(c, problem, 409);
    }
    return html(c, renderThreeDsDonePage(challengeId, outcome, options.frameOrigins), 200);
  });
}
