import { describe, expect, it } from 'vitest';
import { askSiteServer } from './askSiteServer';
import type { SiteConfirmation } from './siteConfirmation';

const waiting: SiteConfirmation = {
  orderId: 'ord_1',
  status: 'AWAITING_PAYMENT',
  fulfilled: false,
  source: 'none',
  tickets: 'none',
  fulfilments: 0,
};
const issued: SiteConfirmation = {
  ...waiting,
  status: 'PAID',
  fulfilled: true,
  source: 'webhook',
  tickets: 'issued',
  fulfilments: 1,
};

/** The server's replies in turn (the last one repeats), a clock that each wait moves on, and the paths asked. */
function server(replies: { status: number; body: unknown }[]) {
  let clock = 0;
  const asked: string[] = [];
  return {
    asked,
    options: {
      fetch: async (path: string | URL | Request) => {
        asked.push(String(path));
        const { status, body } = replies[Math.min(asked.length - 1, replies.length - 1)] as { status: number; body: unknown };
        return Response.json(body, { status });
      },
      now: () => clock,
      sleep: async (ms: number) => {
        clock += ms;
      },
    },
  };
}

describe('askSiteServer: the page asks its own server, briefly, until it has fulfilled the order', () => {
  it.each([
    { name: 'fulfilled at once → one question', replies: [issued], expected: issued, questions: 1 },
    {
      name: 'the webhook comes during the third wait → four questions',
      replies: [waiting, waiting, waiting, issued],
      expected: issued,
      questions: 4,
    },
    // 10 s at 500 ms apart: the first question, then 20 more; the last answer is the result.
    { name: 'never fulfilled → asks for 10 s, then the last answer', replies: [waiting], expected: waiting, questions: 21 },
  ])('$name', async ({ replies, expected, questions }) => {
    const { asked, options } = server(replies.map((body) => ({ status: 200, body })));
    expect(await askSiteServer('ord_1', options)).toEqual(expected);
    expect(asked).toHaveLength(questions);
    expect(asked[0]).toBe('/api/orders/ord_1/confirmation');
  });

  it.each([
    {
      name: 'a 502 from the server',
      reply: { status: 502, body: { code: 'PROVIDER_UNREACHABLE' } },
      error: /HTTP 502 PROVIDER_UNREACHABLE/,
    },
    { name: 'a 200 that is not a confirmation', reply: { status: 200, body: { ok: true } }, error: /HTTP 200/ },
  ])('$name → rejects in words', async ({ reply, error }) => {
    await expect(askSiteServer('ord_1', server([reply]).options)).rejects.toThrow(error);
  });
});
