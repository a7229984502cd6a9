import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Charge } from '../../shared';
import { watchPending } from './watchPending';

// The pending watch (issue 38): reads at most every 2 s, backing off to 10 s, until settled; stopped by unmount.

const charge = (status: Charge['status']): Charge =>
  ({ id: 'ch_1', orderId: 'ord_1', status, paymentMethod: 'IDEAL', createdAt: '2026-11-29T00:00:00Z' }) as Charge;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Runs the watch with `replies` in turn (the last repeats); returns the times of its reads (ms from the start) and its settle calls. */
async function run(replies: Array<Charge | 'down'>, forMs: number) {
  const reads: number[] = [];
  const start = Date.now();
  const read = vi.fn(async () => {
    reads.push(Date.now() - start);
    const reply = replies.length > 1 ? replies.shift() : replies[0];
    if (reply === 'down') throw new Error('503');
    return reply as Charge;
  });
  const onSettled = vi.fn();
  const stop = watchPending('ch_1', read, onSettled);
  await vi.advanceTimersByTimeAsync(forMs);
  return { reads, onSettled, stop, read };
}

describe('watchPending', () => {
  it('waits 2 s, then ×1.5 up to 10 s between reads while the charge stays PENDING', async () => {
    const { reads, onSettled } = await run([charge('PENDING')], 60_000);
    const gaps = reads.map((t, i) => t - (reads[i - 1] ?? 0));
    expect(gaps.slice(0, 7)).toEqual([2_000, 3_000, 4_500, 6_750, 10_000, 10_000, 10_000]);
    expect(gaps.every((gap) => gap >= 2_000)).toBe(true);
    expect(onSettled).not.toHaveBeenCalled();
  });

  it('stops at the first settled read and calls onSettled once with it; a failed read is read again later', async () => {
    const { reads, onSettled } = await run(['down', charge('PENDING'), charge('APPROVED')], 60_000);
    expect(reads).toEqual([2_000, 5_000, 9_500]);
    expect(onSettled).toHaveBeenCalledTimes(1);
    expect(onSettled).toHaveBeenCalledWith(charge('APPROVED'));
  });

  it('stop (unmount): no read goes out after it, and onSettled is never called', async () => {
    const { stop, read, onSettled } = await run([charge('PENDING'), charge('DECLINED')], 2_500);
    expect(read).toHaveBeenCalledTimes(1);
    stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(read).toHaveBeenCalledTimes(1);
    expect(onSettled).not.toHaveBeenCalled();
  });
});
