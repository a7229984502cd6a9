import { describe, expect, it } from 'vitest';
import { CashierError, ErrorCode, type ProviderClient, ProviderPaths, type ProviderRequest } from '../../shared';
import { trackRequests } from './trackRequests';

const METHODS = ProviderPaths.paymentMethodsByOrder('ord_gone');
const notFound = () =>
  new CashierError(ErrorCode.HttpClientError, 'GET … answered HTTP 404 (ORDER_NOT_FOUND).', {
    status: 404,
    applicationErrorCode: 'ORDER_NOT_FOUND',
  });
const serverError = () => new CashierError(ErrorCode.HttpServerError, 'GET … answered HTTP 503.', { status: 503 });

/** A client whose `request` and `vault.request` reject with `refusal()` (a new error each call). */
function client(refusal: () => unknown): ProviderClient {
  const request = async (_: ProviderRequest) => Promise.reject(refusal());
  return { request, vault: { origin: 'https://vault.example', request } } as unknown as ProviderClient;
}

/** Sends `path` through the tracked client (`vault` or not) and returns what it rejected with. */
async function rejectionOf(tracked: ReturnType<typeof trackRequests>, path: string, vault = false): Promise<unknown> {
  const send = vault ? tracked.client.vault.request : tracked.client.request;
  return send({ method: 'get', path }).catch((error: unknown) => error);
}

describe("trackRequests: what the host hears of the bundle's onCrash", () => {
  it.each([
    {
      name: "a 503 of the frame's client, passed on as it came",
      refusal: serverError,
      crash: (rejected: unknown) => rejected,
      expected: { code: 'HTTP_SERVER_ERROR', details: { status: 503 } },
    },
    {
      name: "a vault request's network error, passed on as it came",
      refusal: () => new CashierError(ErrorCode.NetworkError, 'no reply'),
      crash: (rejected: unknown) => rejected,
      vault: true,
      expected: { code: 'NETWORK_ERROR', details: {} },
    },
    {
      name: 'a 404 ORDER_NOT_FOUND of the client, passed on as it came',
      refusal: notFound,
      crash: (rejected: unknown) => rejected,
      expected: { code: 'HTTP_CLIENT_ERROR', details: { status: 404, applicationErrorCode: 'ORDER_NOT_FOUND' } },
    },
    {
      name: 'ORDER_NOT_FOUND for the order whose methods the provider answered 404 ORDER_NOT_FOUND',
      refusal: notFound,
      crash: () => ({ code: 'ORDER_NOT_FOUND', message: 'anything', details: { orderId: 'ord_gone', status: 404 } }),
      expected: { code: 'ORDER_NOT_FOUND', details: { orderId: 'ord_gone', status: 404 } },
    },
    {
      name: 'ORDER_NOT_FOUND for another order than the one the provider refused',
      refusal: notFound,
      crash: () => new CashierError(ErrorCode.OrderNotFound, 'made up', { orderId: 'ord_other', status: 404 }),
      expected: { code: 'BUNDLE_CRASHED', details: {} },
    },
    {
      name: 'ORDER_NOT_FOUND when the provider said something else (a 503)',
      refusal: serverError,
      crash: () => new CashierError(ErrorCode.OrderNotFound, 'made up', { orderId: 'ord_gone', status: 404 }),
      expected: { code: 'BUNDLE_CRASHED', details: {} },
    },
    {
      name: "a request code the bundle made itself, not the client's error",
      refusal: serverError,
      crash: () => serverError(),
      expected: { code: 'BUNDLE_CRASHED', details: {} },
    },
    {
      name: "the client's error whose code the bundle changed afterwards",
      refusal: serverError,
      crash: (rejected: unknown) => Object.assign(rejected as object, { code: ErrorCode.ConnectionLost, details: { status: 1 } }),
      expected: { code: 'HTTP_SERVER_ERROR', details: { status: 503 } },
    },
    {
      name: 'a rejection of the client that is not a request failure (a code the bundle slipped in)',
      refusal: () => new CashierError(ErrorCode.ConnectionLost, 'forged'),
      crash: (rejected: unknown) => rejected,
      expected: { code: 'BUNDLE_CRASHED', details: {} },
    },
    {
      name: 'a TypeError of the bundle',
      refusal: serverError,
      crash: () => new TypeError('<html>token-1</html>'),
      expected: { code: 'BUNDLE_CRASHED', details: {} },
    },
  ])('$name → $expected.code', async ({ refusal, crash, vault, expected }) => {
    const tracked = trackRequests(client(refusal));
    const rejected = await rejectionOf(tracked, METHODS, vault);
    const error = tracked.crashOf(crash(rejected));
    expect(error).toBeInstanceOf(CashierError);
    expect({ code: error.code, details: error.details }).toEqual(expected);
    expect(error.message).not.toMatch(/token|made up|anything|forged|answered/);
  });

  it("the client's replies and rejections reach the bundle unchanged", async () => {
    const refusal = serverError();
    const tracked = trackRequests(client(() => refusal));
    await expect(rejectionOf(tracked, METHODS)).resolves.toBe(refusal);
    const answering = {
      request: async (config: ProviderRequest) => ({ path: config.path }),
      vault: {},
    } as unknown as ProviderClient;
    await expect(trackRequests(answering).client.request({ method: 'get', path: METHODS })).resolves.toEqual({ path: METHODS });
  });
});
