import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhook, type WebhookEvent } from '../shared/webhooks';
import { createWebhookSender, type WebhookSender } from './webhookSender';

// The provider's webhook deliveries: signed, retried with backoff until a 2xx, one event id.

const URL = 'http://tickets.test/webhooks/cashier';
const OTHER_URL = 'http://other.test/hooks';
const SECRET = 'whsec_test_0123456789';
const data = { order: { id: 'ord_1', status: 'PAID' } } as unknown as WebhookEvent['data'];

/** What the endpoint got: each attempt's raw body and signature header. */
let received: { url: string; body: string; signature: string | null }[] = [];
/** The endpoint's answers in turn: a status, or 'drop' (no answer: a reset connection). */
let answers: (number | 'drop')[] = [];
const site = setupServer(
  http.post(URL, async ({ request }) => {
    received.push({ url: URL, body: await request.text(), signature: request.headers.get('Cashier-Signature') });
    // 400 s pass between attempts: a signature made once would be stale by the third
    clock += 400_000;
    const answer = answers.shift() ?? 200;
    return answer === 'drop' ? HttpResponse.error() : new HttpResponse(null, { status: answer });
  }),
  http.post(OTHER_URL, async ({ request }) => {
    received.push({ url: OTHER_URL, body: await request.text(), signature: request.headers.get('Cashier-Signature') });
    return new HttpResponse(null, { status: 204 });
  }),
);
let sender: WebhookSender | undefined;
/** The sender's clock (ms), moved on by the tests. */
let clock = 1_790_000_000_000;

beforeAll(() => site.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  sender?.close();
  received = [];
  answers = [];
  site.resetHandlers();
});
afterAll(() => site.close());

const make = (retryDelaysMs = [5, 10, 20]) => {
  sender = createWebhookSender({ endpoints: [{ url: URL, secret: SECRET }], retryDelaysMs, now: () => clock });
  return sender;
};

describe('createWebhookSender', () => {
  it('POSTs the event as JSON, signed: the site verifies it with the secret', async () => {
    const webhooks = make();
    const event = webhooks.send('app-1', 'order.paid', data);
    await webhooks.idle();
    expect(received).toHaveLength(1);
    const [first] = received;
    expect(
      verifyWebhook({ body: first?.body ?? '', signature: first?.signature, secret: SECRET, now: () => clock - 400_000 }),
    ).toEqual(event);
    expect(event).toMatchObject({ type: 'order.paid', created: (clock - 400_000) / 1000, data });
    expect(event.id).toMatch(/^evt_/);
    expect(webhooks.deliveries()).toEqual([
      { eventId: event.id, type: 'order.paid', url: URL, attempt: 1, status: 200, delivered: true },
    ]);
  });

  it('no 2xx (a 500, a dropped connection, a 404): retried after each wait, the same event id, signed afresh each time', async () => {
    answers = [500, 'drop', 404];
    const webhooks = make();
    const event = webhooks.send('app-1', 'order.payment_failed', data);
    const signedAt: number[] = [];
    await webhooks.idle();
    expect(received).toHaveLength(4);
    for (const { body, signature } of received) {
      expect(JSON.parse(body).id).toBe(event.id);
      signedAt.push(Number(/t=(\d+)/.exec(signature ?? '')?.[1]));
    }
    expect(new Set(signedAt).size).toBe(4);
    const last = received[3];
    expect(
      verifyWebhook({ body: last?.body ?? '', signature: last?.signature, secret: SECRET, now: () => clock - 400_000 }),
    ).toEqual(event);
    expect(webhooks.deliveries().map(({ attempt, status, delivered }) => ({ attempt, status, delivered }))).toEqual([
      { attempt: 1, status: 500, delivered: false },
      { attempt: 2, delivered: false },
      { attempt: 3, status: 404, delivered: false },
      { attempt: 4, status: 200, delivered: true },
    ]);
  });

  it('waits the backoff between attempts', async () => {
    answers = [500, 500];
    const webhooks = make([40, 80]);
    const sentAt: number[] = [];
    site.use(
      http.post(URL, async ({ request }) => {
        sentAt.push(performance.now());
        await request.text();
        return new HttpResponse(null, { status: answers.shift() === 500 ? 500 : 200 });
      }),
    );
    webhooks.send('app-1', 'order.paid', data);
    await webhooks.idle();
    expect(sentAt).toHaveLength(3);
    // a timer never fires early
    expect((sentAt[1] ?? 0) - (sentAt[0] ?? 0)).toBeGreaterThanOrEqual(39);
    expect((sentAt[2] ?? 0) - (sentAt[1] ?? 0)).toBeGreaterThanOrEqual(79);
  });

  it('stops after the last retry', async () => {
    answers = [500, 500, 500, 500, 500];
    const webhooks = make([1, 1]);
    webhooks.send('app-1', 'order.paid', data);
    await webhooks.idle();
    expect(received).toHaveLength(3);
    expect(webhooks.deliveries().every((d) => !d.delivered)).toBe(true);
  });

  it('close() stops the retries still waiting', async () => {
    answers = [500, 500];
    const webhooks = make([60_000]);
    webhooks.send('app-1', 'order.paid', data);
    await expect.poll(() => received.length).toBe(1);
    webhooks.close();
    await webhooks.idle();
    expect(received).toHaveLength(1);
  });

  it("an endpoint gets only its app instances' events", async () => {
    sender = createWebhookSender({
      endpoints: [
        { url: URL, secret: SECRET, appInstances: ['app-1'] },
        { url: OTHER_URL, secret: SECRET },
      ],
    });
    sender.send('app-2', 'order.paid', data);
    await sender.idle();
    expect(received.map((r) => r.url)).toEqual([OTHER_URL]);
  });

  it('refuses an endpoint it cannot sign for or reach: TypeError naming it', () => {
    expect(() => createWebhookSender({ endpoints: [{ url: URL, secret: 'short' }] })).toThrow(/secret of http:\/\/tickets/);
    expect(() => createWebhookSender({ endpoints: [{ url: 'ftp://x', secret: SECRET }] })).toThrow(/ftp:\/\/x/);
  });
});
