// @vitest-environment jsdom
import { http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode, ProviderPaths as P } from '../shared';
import { approvedCharge, fillCard, HOST, json, serveProvider, setupHttpServer, VAULT, WAIT } from './testing/httpWidget';
import { mountWidget } from './testing/mountWidget';

// The seat hold when the device wakes from sleep: Date.now has jumped past the hold's
// end and the countdown's timer has not fired yet. pay() must judge the time now, not trust the
// last tick: ORDER_HOLD_EXPIRED, nothing tokenized or charged.

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

/** The device's clock at the mount: a whole second, as a Date header has it. */
const T0 = Date.parse('2026-11-25T12:00:00Z');
const MINUTE = 60_000;

const server = setupHttpServer();

let container: HTMLElement | undefined;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(T0);
});
const approved = approvedCharge();

/** The provider: ord_1 offers the card and its hold ends a minute after T0; a card and a charge are answered. */
function provider() {
  return serveProvider(server, [
    http.get(`${HOST}${P.paymentMethodsByOrder('ord_1')}`, ({ request }) => json(request, [{ type: 'CARD', label: 'Card' }])),
    http.get(`${HOST}${P.order('ord_1')}`, ({ request }) =>
      json(request, {
        id: 'ord_1',
        status: 'AWAITING_PAYMENT',
        createdAt: '',
        holdExpiresAt: new Date(T0 + MINUTE).toISOString(),
      }),
    ),
    http.get(`${HOST}${P.chargesByOrder('ord_1')}`, ({ request }) => json(request, [])),
    http.post(`${HOST}${P.chargesByOrder('ord_1')}`, ({ request }) => json(request, approved)),
    http.post(`${VAULT}${P.cardTokenization}`, ({ request }) =>
      json(request, { token: 'tok_1', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 }),
    ),
  ]);
}

const shown = () => container?.querySelector('form > p:not([role])')?.textContent;

describe('the seat hold after a device sleeps past its end', () => {
  it('pay() before the next tick rejects ORDER_HOLD_EXPIRED; nothing is tokenized or charged', async () => {
    const log = provider();
    const widget = await mountWidget();
    container = widget.container;
    const { api } = widget;
    await vi.waitFor(() => expect(shown()).toMatch(/^Your tickets are held for \d:\d\d$/), WAIT);
    fillCard(container);
    const before = log.length;
    // The device sleeps 2 minutes: its clock jumps, and no timer has fired since.
    vi.setSystemTime(Date.now() + 2 * MINUTE);
    expect(shown(), 'the last tick still counts down').toMatch(/held for \d:\d\d$/);
    const outcome = await api.pay({ orderId: 'ord_1' }).catch((error: unknown) => error);
    expect(log.slice(before).map((sent) => sent.line)).toEqual([]);
    expect(outcome).toMatchObject({ code: ErrorCode.OrderHoldExpired, details: { orderId: 'ord_1' } });
  }, 20_000);
});
