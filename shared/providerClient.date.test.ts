import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ProviderPaths } from './paths';
import { createProviderClient } from './providerClient';

const host = 'https://tickets.example.com';
const orderUrl = `${host}${ProviderPaths.order('ord_1')}`;
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const client = () => createProviderClient({ host, getAppInstance: () => 'token' });
const DATE = 'Wed, 25 Nov 2026 23:50:00 GMT';

describe("request: onDate hands back the reply's Date header (seat holds, issue 24)", () => {
  it('is called with the Date of the reply that answered, the body resolving as before', async () => {
    let attempts = 0;
    server.use(
      http.get(orderUrl, () => {
        attempts += 1;
        // The first attempt fails and is retried (spec 7): the date is the answer's.
        if (attempts === 1) return new HttpResponse(null, { status: 503, headers: { Date: 'Thu, 01 Jan 2026 00:00:00 GMT' } });
        return HttpResponse.json({ id: 'ord_1' }, { headers: { Date: DATE } });
      }),
    );
    const onDate = vi.fn();
    await expect(client().request({ method: 'get', path: ProviderPaths.order('ord_1'), onDate })).resolves.toEqual({
      id: 'ord_1',
    });
    expect(onDate.mock.calls).toEqual([[DATE]]);
  });

  it('gives undefined when the reply has no Date, and is not called on a refusal', async () => {
    server.use(http.get(orderUrl, () => HttpResponse.json({ id: 'ord_1' })));
    const onDate = vi.fn();
    await client().request({ method: 'get', path: ProviderPaths.order('ord_1'), onDate });
    expect(onDate.mock.calls).toEqual([[undefined]]);
    server.use(
      http.get(orderUrl, () => HttpResponse.json({ code: 'ORDER_NOT_FOUND' }, { status: 404, headers: { Date: DATE } })),
    );
    const refused = vi.fn();
    await expect(client().request({ method: 'get', path: ProviderPaths.order('ord_1'), onDate: refused })).rejects.toThrow();
    expect(refused).not.toHaveBeenCalled();
  });
});
