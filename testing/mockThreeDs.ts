import { type HttpHandler, HttpResponse, http } from 'msw';
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
import { createThreeDsChallenges, type RecordResult } from '../shared/threeDsChallenges';

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
}

/**
 * The mock mode's 3-D Secure (issue 22): the challenge state machine the reference provider uses
 * (shared/threeDsChallenges.ts, on the mock's clock: a challenge expires 10 minutes after its charge)
 * and msw handlers that serve, at `vaultOrigin`, the same challenge page, script and style sheet
 * as the provider's vault, and record the buttons' result once (a POST whose `Origin` is another
 * site's, or `null`, gets a 403 page and records nothing).
 */
export function createMockThreeDs(options: MockThreeDsOptions) {
  const { vaultOrigin, frameOrigin, pageOrigins, now = () => new Date(), onRecord } = options;
  const store = createThreeDsChallenges(now, () => vaultOrigin);
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
  const headers = threeDsPageHeaders([...frameOrigins, ...pageOrigins]);
  const page = (body: string, status = 200) => new HttpResponse(body, { status, headers });
  const problem = (status: number, title: string, text: string) => page(renderThreeDsProblemPage(title, text), status);
  const notOpen = () =>
    problem(
      404,
      'Authentication not found',
      'This authentication does not exist or is no longer open. Return to the payment form.',
    );
  const asset = (body: string, type: string) => () =>
    new HttpResponse(body, { headers: { 'Content-Type': `${type}; charset=utf-8`, 'X-Content-Type-Options': 'nosniff' } });
  const at = (path: string) => `${vaultOrigin}${path}`;

  const handlers: HttpHandler[] = [
    http.get(at(THREE_DS_SCRIPT_PATH), asset(THREE_DS_SCRIPT, 'text/javascript')),
    http.get(at(THREE_DS_STYLE_PATH), asset(THREE_DS_STYLE, 'text/css')),
    http.get(at(`${THREE_DS_CHALLENGES_PATH}/:challengeId`), ({ params }) => {
      if (frameOrigin === undefined) {
        const why = 'createMockProvider: frameOrigin is required when no built frame app records its frame URL.';
        return problem(500, 'Mock mode: no frame origin', why);
      }
      const view = challenges.view(String(params.challengeId));
      return view ? page(renderThreeDsChallengePage(view, frameOrigins)) : notOpen();
    }),
    http.post(at(`${THREE_DS_CHALLENGES_PATH}/:challengeId/:outcome`), ({ request, params }) => {
      const outcome = String(params.outcome) as ThreeDsOutcome;
      if (!THREE_DS_OUTCOMES.includes(outcome)) return notOpen();
      // A routing layer may drop the header; a browser never sends another site's form without it.
      const origin = request.headers.get('origin');
      if (origin !== null && origin !== vaultOrigin) {
        return problem(403, 'Not allowed', 'Only the bank’s own page can answer this authentication.');
      }
      const result = challenges.record(String(params.challengeId), outcome);
      if (result.status === 'unknown') return notOpen();
      if (result.status === 'closed') {
        return problem(
          409,
          'Already answered',
          'This authentication was already answered or cancelled. Return to the payment form.',
        );
      }
      return page(renderThreeDsDonePage(String(params.challengeId), outcome, frameOrigins));
    }),
  ];
  return { challenges, handlers };
}
