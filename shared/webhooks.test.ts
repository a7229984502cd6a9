import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signWebhook, verifyWebhook, type WebhookEvent } from './webhooks';

// Webhook signatures (DESIGN "Webhooks"): what the provider signs, a site's server verifies.

const SECRET = 'whsec_test_3f1b0c';
/** The signing time, unix seconds. */
const SIGNED_AT = 1_790_000_000;
const event: WebhookEvent = {
  id: 'evt_1',
  type: 'order.paid',
  created: SIGNED_AT,
  data: {
    order: {
      id: 'ord_1',
      status: 'PAID',
      event: {
        id: 'e1',
        name: 'Gig',
        startsAt: '2026-12-01T20:00:00Z',
        locationType: 'VENUE',
        recurrenceStatus: 'NONE',
      } as never,
      lines: [],
      total: { amount: 5000, currency: 'EUR' } as never,
      createdAt: '2026-11-28T10:00:00Z',
      charges: [],
    },
  },
};
const body = JSON.stringify(event);
/** Verifies `body` signed now-ish, with the clock at `SIGNED_AT + afterSeconds`. */
const verify = (options: Partial<Parameters<typeof verifyWebhook>[0]> = {}, afterSeconds = 5) =>
  verifyWebhook({
    body,
    signature: signWebhook(body, SECRET, SIGNED_AT),
    secret: SECRET,
    now: () => (SIGNED_AT + afterSeconds) * 1000,
    ...options,
  });
const codeOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return (error as { code?: string }).code ?? (error as Error).name;
  }
  return 'accepted';
};

describe('signWebhook', () => {
  it('is t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed by the secret>', () => {
    const hex = createHmac('sha256', SECRET).update(`${SIGNED_AT}.${body}`).digest('hex');
    expect(signWebhook(body, SECRET, SIGNED_AT)).toBe(`t=${SIGNED_AT},v1=${hex}`);
  });
});

describe('verifyWebhook', () => {
  it('returns the event of a body signed with the secret, as a string or as the raw bytes', () => {
    expect(verify()).toEqual(event);
    expect(verify({ body: new TextEncoder().encode(body) })).toEqual(event);
  });

  it.each([
    { name: 'a wrong secret', options: { secret: 'whsec_other' }, code: 'SIGNATURE_MISMATCH' },
    { name: 'a tampered body', options: { body: body.replace('"PAID"', '"PAlD"') }, code: 'SIGNATURE_MISMATCH' },
    {
      name: 'a body serialized again (spacing differs)',
      options: { body: JSON.stringify(event, null, 1) },
      code: 'SIGNATURE_MISMATCH',
    },
    {
      name: 'a signature for another time',
      options: { signature: signWebhook(body, SECRET, SIGNED_AT).replace(`t=${SIGNED_AT}`, `t=${SIGNED_AT + 1}`) },
      code: 'SIGNATURE_MISMATCH',
    },
    { name: 'no header', options: { signature: undefined }, code: 'SIGNATURE_HEADER_MALFORMED' },
    { name: 'an empty header', options: { signature: '' }, code: 'SIGNATURE_HEADER_MALFORMED' },
    { name: 'no timestamp', options: { signature: `v1=${'a'.repeat(64)}` }, code: 'SIGNATURE_HEADER_MALFORMED' },
    { name: 'a short signature', options: { signature: `t=${SIGNED_AT},v1=abc` }, code: 'SIGNATURE_HEADER_MALFORMED' },
    {
      name: 'another scheme only',
      options: { signature: `t=${SIGNED_AT},v0=${'a'.repeat(64)}` },
      code: 'SIGNATURE_HEADER_MALFORMED',
    },
  ])('$name: $code', ({ options, code }) => {
    expect(codeOf(() => verify(options))).toBe(code);
  });

  it('a replay: the same delivery 301 s later is TIMESTAMP_OUTSIDE_TOLERANCE; at 300 s it is still accepted', () => {
    expect(codeOf(() => verify({}, 300))).toBe('accepted');
    expect(codeOf(() => verify({}, 301))).toBe('TIMESTAMP_OUTSIDE_TOLERANCE');
    expect(codeOf(() => verify({}, -301))).toBe('TIMESTAMP_OUTSIDE_TOLERANCE');
    expect(codeOf(() => verify({ toleranceSeconds: 30 }, 31))).toBe('TIMESTAMP_OUTSIDE_TOLERANCE');
  });

  it('a stale signature over a tampered body names the signature first (the time of an unsigned claim means nothing)', () => {
    expect(codeOf(() => verify({ body: `${body} ` }, 1_000))).toBe('SIGNATURE_MISMATCH');
  });

  it('several v1 signatures (a secret being rotated): one that matches is enough', () => {
    const old = signWebhook(body, 'whsec_old', SIGNED_AT).split(',')[1];
    expect(verify({ signature: `${signWebhook(body, SECRET, SIGNED_AT)},${old}` })).toEqual(event);
    expect(verify({ signature: `t=${SIGNED_AT},${old},${signWebhook(body, SECRET, SIGNED_AT).split(',')[1]}` })).toEqual(event);
  });

  it('a signed body that is not an event: BODY_MALFORMED', () => {
    for (const other of ['not json', '{"id":"evt_1"}', 'null']) {
      expect(codeOf(() => verify({ body: other, signature: signWebhook(other, SECRET, SIGNED_AT) }))).toBe('BODY_MALFORMED');
    }
  });

  it("an empty secret or a tolerance that is not positive is the caller's mistake: TypeError", () => {
    expect(codeOf(() => verify({ secret: '' }))).toBe('TypeError');
    expect(codeOf(() => verify({ toleranceSeconds: 0 }))).toBe('TypeError');
    expect(codeOf(() => verify({ toleranceSeconds: Number.NaN }))).toBe('TypeError');
  });
});
