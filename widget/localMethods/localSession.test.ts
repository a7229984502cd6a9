import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Charge } from '../../shared';
import { createFormStore } from '../createFormStore';
import { LOCAL_KIT } from './localKit';
import { createLocalSession } from './localSession';

// The local methods' session (issue 38): onPaymentResult once per mount per charge, whatever tells
// it twice; a pending charge watched once, its hold kept meanwhile; nothing read after the unmount.

const base = { id: 'ch_l', orderId: 'ord_1', amount: { amount: 5000, currency: 'EUR' }, paymentMethod: 'IDEAL', createdAt: '' };
const APPROVED = { ...base, status: 'APPROVED' } as Charge;
const PENDING = { status: 'PENDING', orderId: 'ord_1', chargeId: 'ch_l', paymentMethod: 'IDEAL' } as const;

function setup() {
  const onPaymentResult = vi.fn();
  const getCharge = vi.fn(async () => APPROVED);
  const hold = { paying: vi.fn(), settled: vi.fn(), skewMs: () => 0 };
  const keep = vi.fn();
  const session = createLocalSession({
    store: createFormStore(),
    current: () => ({ onPaymentResult }) as never,
    api: { getCharge, cancelCharge: vi.fn() },
    payment: () => ({ openOrder: () => undefined, chargeInWidget: vi.fn(), keep }),
    hold,
    told: (r) => r,
    idPrefix: 'cashier-1',
    rerender: vi.fn(),
    kit: LOCAL_KIT,
    offered: () => true,
  });
  return { session, onPaymentResult, getCharge, hold, keep };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createLocalSession', () => {
  it('a charge told twice (the panel and a watch) reaches onPaymentResult once', () => {
    const { session, onPaymentResult, hold } = setup();
    session.session.finish('ord_1', APPROVED);
    session.session.finish('ord_1', APPROVED);
    expect(onPaymentResult).toHaveBeenCalledTimes(1);
    expect(onPaymentResult).toHaveBeenCalledWith({ status: 'APPROVED', orderId: 'ord_1', chargeId: 'ch_l' });
    expect(hold.settled).toHaveBeenCalledWith('ord_1', true);
  });

  it('PENDING: watched once (the hold kept), "pending" shown; settled → kept, told once', async () => {
    const { session, onPaymentResult, getCharge, hold, keep } = setup();
    session.onPending(PENDING);
    session.onPending(PENDING);
    expect(hold.paying).toHaveBeenCalledWith('ord_1');
    expect(session.session.state()).toEqual({ phase: 'pending', method: 'IDEAL', chargeId: 'ch_l' });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(getCharge).toHaveBeenCalledTimes(1);
    expect(keep).toHaveBeenCalledWith('ord_1', { status: 'APPROVED', orderId: 'ord_1', chargeId: 'ch_l' });
    expect(onPaymentResult).toHaveBeenCalledTimes(1);
    expect(session.session.state()?.phase).toBe('approved');
  });

  it('stop (unmount): the watch reads nothing more, and nothing is told', async () => {
    const { session, onPaymentResult, getCharge } = setup();
    session.onPending(PENDING);
    session.stop();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(getCharge).not.toHaveBeenCalled();
    expect(onPaymentResult).not.toHaveBeenCalled();
  });
});
