import { getResponse } from 'msw';
import { MOCK_APP_INSTANCE, type MockProvider, type MockProviderOptions } from './mockProvider';

/**
 * For the mock mode's own unit tests (not in the package): the origins they mount the mock at and
 * one request through its handlers as the frame sends it, with no server and no browser.
 */

/** The API host, the frame's origin and the vault's. */
export const HOST = 'http://127.0.0.1:4999';
export const FRAME = 'http://127.0.0.1:4998';
export const VAULT = 'http://127.0.0.1:5000';
/** The mock's options for those origins, statics at `${HOST}/statics`. */
export const MOCK_OPTIONS: MockProviderOptions = {
  host: HOST,
  vaultOrigin: VAULT,
  staticsBaseUrl: `${HOST}/statics`,
  frameOrigin: FRAME,
};

/** A JSON body as a test reads it: an object's fields or an array's items. */
export type Body = Record<string, unknown> & unknown[];

/** What {@link send} got back: the status, the JSON body (`{}` for a page), the text and headers. */
export interface MockReply {
  /** The reply's status; 0 when no handler answers (a request the mock does not serve). */
  status: number;
  body: Body;
  text: string;
  headers: Headers;
  /** The `Retry-After` header (seconds), or null. */
  retryAfter: string | null;
}

/**
 * One request through `mock`'s handlers, as the frame sends it: the mock's app instance in
 * `Authorization`, `Origin` FRAME, JSON `body`; `headers` add or replace.
 */
export async function send(
  mock: MockProvider,
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<MockReply> {
  const request = new Request(url, {
    method,
    headers: { Authorization: MOCK_APP_INSTANCE, Origin: FRAME, 'Content-Type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const response = await getResponse(mock.handlers, request);
  if (!response) return { status: 0, body: {} as Body, text: '', headers: new Headers(), retryAfter: null };
  const text = await response.text();
  const json = response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : {};
  return {
    status: response.status,
    body: json as Body,
    text,
    headers: response.headers,
    retryAfter: response.headers.get('Retry-After'),
  };
}
