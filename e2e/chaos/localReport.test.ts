import { describe, expect, it } from 'vitest';
import { LOCAL_CHECKS } from './checksLocal';
import type { HarnessEvent } from './harness';
import { formatLocalTable } from './localReport';
import type { MountObservation } from './observations';
import { mountPlan } from './testing/mountPlan';

const at = (type: string, epoch: number, more: object = {}) =>
  ({ mount: 0, at: epoch, epoch, afterDestroy: false, type, ...more }) as HarnessEvent;
const payer = (mount: number, method: 'ideal' | 'blik', pattern: string, orderId: string, events: HarnessEvent[]) =>
  ({
    plan: mountPlan({
      mount,
      order: { event: 'online' },
      pay: {
        card: 'approved',
        pattern: 'once',
        challenge: { action: 'complete', afterMs: 0 },
        method,
        local: { country: method === 'blik' ? 'PL' : 'NL', pattern: pattern as 'approve' },
      },
    }),
    fingerprints: [],
    orderId,
    events,
    requests: [],
    listenersLeft: [],
    harnessErrors: [],
  }) as MountObservation;

describe('formatLocalTable (issue 38)', () => {
  it('counts each local payer’s charges, pays and results by method and pattern, then the invariants', () => {
    const table = formatLocalTable(
      {
        charges: [
          { id: 'ch_1', orderId: 'ord_1', status: 'APPROVED', paymentMethod: 'IDEAL' },
          { id: 'ch_2', orderId: 'ord_2', status: 'DECLINED', declineCode: 'code_expired', paymentMethod: 'BLIK' },
        ],
        events: [
          {
            eventId: 'e1',
            type: 'order.payment_processing',
            orderId: 'ord_1',
            orderStatus: 'AWAITING_PAYMENT',
            chargeId: 'ch_1',
          },
          { eventId: 'e2', type: 'order.paid', orderId: 'ord_1', orderStatus: 'PAID', chargeId: 'ch_1' },
        ],
        observations: [
          payer(0, 'ideal', 'pending-approve', 'ord_1', [
            at('pay-settled', 1, { call: 0, orderId: 'ord_1', outcome: { resolved: true, status: 'PENDING', chargeId: 'ch_1' } }),
            at('payment-result', 2, { orderId: 'ord_1', outcome: { resolved: true, status: 'APPROVED', chargeId: 'ch_1' } }),
          ]),
          payer(2, 'ideal', 'approve', 'ord_3', [at('crash', 1, { code: 'SETTINGS_LOAD_FAILED', message: 'x' })]),
          payer(1, 'blik', 'blik-expired', 'ord_2', [
            at('pay-settled', 1, {
              call: 0,
              orderId: 'ord_2',
              outcome: { resolved: true, status: 'DECLINED', chargeId: 'ch_2' },
            }),
          ]),
        ],
      },
      [{ page: 0, mount: 0, check: LOCAL_CHECKS.told, detail: 'x' }],
    );
    const lines = table.split('\n');
    expect(lines[0]).toMatch(/^local payments\s+payers\s+charges\s+approved\s+declined\s+refunded\s+left open\s+went pending/);
    expect(lines).toContainEqual(expect.stringMatching(/^iDEAL pending-approve\s+1\s+1\s+1\s+0\s+0\s+0\s+1\s+1\s+0\s+1\s+0$/));
    expect(lines).toContainEqual(expect.stringMatching(/^BLIK blik-expired\s+1\s+1\s+0\s+1\s+0\s+0\s+0\s+0\s+1\s+0\s+0$/));
    expect(lines).toContainEqual(expect.stringMatching(/^iDEAL approve\s+1\s+0\s+0\s+0\s+0\s+0\s+0\s+0\s+0\s+0\s+1$/));
    expect(lines).toContainEqual(expect.stringMatching(/^all local payers\s+3\s+2\s+1\s+1/));
    expect(lines).toContainEqual(expect.stringMatching(/^onPaymentResult once\s+1 heard\s+1$/));
  });

  it('says so when the run has no local payer', () => {
    expect(formatLocalTable({ charges: [], events: [], observations: [] }, [])).toBe('local payments: no local payer');
  });
});
