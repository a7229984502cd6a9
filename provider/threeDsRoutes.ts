import type { Context, Hono } from 'hono';
import type { ProviderEnv } from './requestPipeline';
import { type CheckoutStore, createThreeDsPages, type PageReply } from './store';

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
 * The pages are the store's (`createThreeDsPages`, shared with the mock mode): CSP with
 * `frame-ancestors`, nosniff, no-store.
 */
export function registerThreeDsRoutes(app: Hono<ProviderEnv>, store: CheckoutStore, options: ThreeDsRoutesOptions): void {
  const pages = createThreeDsPages(store.threeDs, options);
  const send = (c: Context<ProviderEnv>, reply: PageReply) => c.body(reply.body, reply.status, reply.headers);
  for (const [path, reply] of Object.entries(pages.assets)) app.get(path, (c) => send(c, reply));
  app.get(`${pages.pagePath}/:challengeId`, (c) => send(c, pages.show(c.req.param('challengeId'))));
  app.post(`${pages.pagePath}/:challengeId/:outcome`, (c) =>
    send(
      c,
      pages.answer(c.req.param('challengeId'), c.req.param('outcome'), {
        sent: c.req.header('origin') ?? null,
        own: new URL(c.req.url).origin,
      }),
    ),
  );
}
