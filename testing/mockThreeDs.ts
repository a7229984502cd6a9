import { type HttpHandler, HttpResponse, http } from 'msw';
import { createThreeDsPages, type PageReply } from '../provider/store';
import { type ChallengedCharge, createThreeDsChallenges, type RecordResult } from '../shared/threeDsChallenges';

/** Options of {@link createMockThreeDs}. */
export interface MockThreeDsOptions {
  /** The vault origin the challenge pages are served at (a charge's `nextAction.url`). */
  vaultOrigin: string;
  /** The frame's origin; undefined when not known (the page then answers 500 naming `frameOrigin`). */
  frameOrigin: string | undefined;
  /** The site pages' origins, or `['*']`: with the frame origin, the page's `frame-ancestors`. */
  pageOrigins: readonly string[];
  /** The mock's clock, which a challenge expires by; default the real one. */
  now?: () => Date;
  /** Told of every recorded answer (mockSavedCards.ts `settled`: a card waiting to be saved is saved once APPROVED). */
  onRecord?: (result: RecordResult) => void;
  /** Hears each charge as it settles, however (an answer, a cancel, the expiry): its payment is no longer under way. */
  onSettled?: (charge: ChallengedCharge) => void;
  /** Whether a charge the bank approves now comes after its order's hold ended for good: it settles `REFUNDED_HOLD_EXPIRED`. */
  approvedTooLate?: (charge: ChallengedCharge) => boolean;
}

/**
 * The mock mode's 3-D Secure (issue 22): the challenge state machine the reference provider uses
 * (shared/threeDsChallenges.ts, on the mock's clock: a challenge expires 10 minutes after its charge)
 * and msw handlers that serve, at `vaultOrigin`, the same challenge page, script and style sheet
 * as the provider's vault, and record the buttons' result once (a POST whose `Origin` is another
 * site's, or `null`, gets a 403 page and records nothing).
 */
export function createMockThreeDs(options: MockThreeDsOptions) {
  const { vaultOrigin, frameOrigin, pageOrigins, now = () => new Date(), onRecord, onSettled, approvedTooLate } = options;
  const store = createThreeDsChallenges(now, () => vaultOrigin, onSettled, approvedTooLate);
  // Every answer, the page's buttons or `completeChallenge`, is recorded here and told to `onRecord`.
  const challenges: typeof store = {
    ...store,
    record(challengeId, outcome) {
      const result = store.record(challengeId, outcome);
      onRecord?.(result);
      return result;
    },
  };
  const frameOrigins = frameOrigin === undefined ? [] : [frameOrigin];
  const pages = createThreeDsPages(challenges, { frameOrigins, ancestors: [...frameOrigins, ...pageOrigins] });
  const send = (reply: PageReply) => new HttpResponse(reply.body, reply);
  const at = (path: string) => `${vaultOrigin}${path}`;

  const handlers: HttpHandler[] = [
    ...Object.entries(pages.assets).map(([path, reply]) => http.get(at(path), () => send(reply))),
    http.get(at(`${pages.pagePath}/:challengeId`), ({ params }) => {
      if (frameOrigin === undefined) {
        const why = 'createMockProvider: frameOrigin is required when no built frame app records its frame URL.';
        return send(pages.problem(500, 'Mock mode: no frame origin', why));
      }
      return send(pages.show(String(params.challengeId)));
    }),
    http.post(at(`${pages.pagePath}/:challengeId/:outcome`), ({ request, params }) =>
      send(
        pages.answer(String(params.challengeId), String(params.outcome), {
          sent: request.headers.get('origin'),
          own: vaultOrigin,
          allowMissing: true,
        }),
      ),
    ),
  ];
  return { challenges, handlers };
}
