import { delay, HttpResponse } from 'msw';
import type { MockFaults } from './mockProviderTypes';

/** What {@link createMockHttp} needs: the checked options' host and tokens, the faults as they are now, the clock. */
export interface MockHttpOptions {
  /** The provider base URL the handlers answer (checked, no trailing slash). */
  host: string;
  /** Accepted app instance tokens. */
  appInstances: readonly string[];
  /** The fault switches in force (read at every request). */
  faults: () => MockFaults;
  /** The mock's clock, for the `Date` header. */
  now: () => Date;
}

/**
 * The mock provider's HTTP side, shared by its handlers: JSON replies with the reference
 * provider's CORS headers (`Retry-After` and `Date` exposed: the widget reads the provider's time
 * from `Date`), application error replies, the CORS preflight, the fault and Authorization gate,
 * and URL patterns on `host`.
 */
export function createMockHttp({ host, appInstances, faults, now }: MockHttpOptions) {
  const cors = (request: Request): Record<string, string> => ({
    'Access-Control-Allow-Origin': request.headers.get('origin') ?? '*',
    'Access-Control-Expose-Headers': 'Retry-After, Date',
    Vary: 'Origin',
  });
  /** A JSON reply (default 200), CORS, `no-store` and the mock's `Date`, plus `headers` (e.g. a store reply's `Retry-After`). */
  const reply = (request: Request, body: unknown, status = 200, headers: Record<string, string> = {}) =>
    HttpResponse.json(body as Record<string, unknown>, {
      status,
      headers: { ...headers, ...cors(request), 'Cache-Control': 'no-store', Date: now().toUTCString() },
    });
  /** An application error reply; `details` are added beside `applicationError` (e.g. `{ chargeId }`). */
  const fail = (request: Request, status: number, code: string, description: string, details: Record<string, string> = {}) =>
    reply(request, { message: description, details: { applicationError: { code, description }, ...details } }, status);

  return {
    reply,
    fail,
    /** The CORS preflight answer: the headers the frame sends, the methods it uses. */
    preflight: (request: Request) =>
      new HttpResponse(null, {
        status: 204,
        headers: {
          ...cors(request),
          'Access-Control-Allow-Headers': 'Authorization, Content-Type, Idempotency-Key',
          'Access-Control-Allow-Methods': 'GET, POST, PATCH, DELETE, OPTIONS',
          'Access-Control-Max-Age': '600',
        },
      }),
    /** Applies the faults and the Authorization check; a Response ends the request, undefined goes on. */
    async gate(request: Request): Promise<Response | undefined> {
      const { delayMs, unauthorized } = faults();
      if (delayMs) await delay(delayMs);
      const token = request.headers.get('authorization');
      if (unauthorized || token === null || !appInstances.includes(token)) {
        return fail(request, 401, 'UNAUTHORIZED', 'Unknown or missing app instance.');
      }
      return undefined;
    },
    /** `path` on `host`. */
    url: (path: string) => `${host}${path}`,
    /** The msw pattern of a path with one id on `host`, the id as the `:name` parameter. */
    param: (path: (id: string) => string, name: string) => `${host}${path('__id__').replace('__id__', `:${name}`)}`,
    /** The request's JSON body when it is an object; else `{}`. */
    async body(request: Request): Promise<Record<string, unknown>> {
      const value: unknown = await request.json().catch(() => undefined);
      return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
    },
  };
}

/** The mock provider's HTTP helpers ({@link createMockHttp}). */
export type MockHttp = ReturnType<typeof createMockHttp>;
