import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from '@playwright/test';
import { test } from './mockMode';

// The mock mode's documented fixture (mockMode.ts beside this file, printed in
// docs/integration.md) fails closed: a request for a host off loopback that no handler answers is
// aborted, a body or none, in Chromium and in Firefox (whose routed requests hide their bodies and
// used to be sent on). 127.0.0.2 stands for such a host: the fixture counts only `localhost` and
// `127.0.0.1` as this machine, and a server listening here counts every request that reaches it.

test('the mock-mode fixture sends nothing to a host off loopback: unanswered GET and card POST are aborted', async ({
  page,
  mock,
}) => {
  const arrived: string[] = [];
  const remote = createServer((request, response) => {
    arrived.push(`${request.method} ${request.url}`);
    response.writeHead(200, { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Headers': '*' }).end('{}');
  });
  await new Promise<void>((listening) => remote.listen(0, '127.0.0.2', listening));
  const origin = `http://127.0.0.2:${(remote.address() as AddressInfo).port}`;
  try {
    // A page of the site's own on loopback (the mock's host server; what it answers does not matter).
    await page.goto(`${mock.host}/checkout`);
    const outcomes = await page.evaluate(async (remoteOrigin) => {
      const attempt = (url: string, init?: RequestInit) =>
        fetch(url, init).then(
          (response) => `answered ${response.status}`,
          () => 'refused',
        );
      return [
        await attempt(`${remoteOrigin}/analytics.js`),
        await attempt(`${remoteOrigin}/_serverless/payments-checkout-server/card-tokenization`, {
          method: 'POST',
          headers: { 'Content-Type': 'text/plain' },
          body: JSON.stringify({ number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' }),
        }),
      ];
    }, origin);
    expect(outcomes).toEqual(['refused', 'refused']);
    expect(arrived, 'requests that reached the host off loopback').toEqual([]);
  } finally {
    await new Promise((closed) => remote.close(closed));
  }
});
