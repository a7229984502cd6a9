import { describe, expect, it } from 'vitest';
import { answerAt } from './driveLocal';
import { LOCAL_TIMINGS } from './planLocal';

describe('answerAt (issue 38): when the run answers a local method’s page under a seat hold plan', () => {
  const hold = { endsAt: 10_000, startAt: 7_000, approveAt: 12_000 };

  it('approves (or declines) at the straddle’s time, and presses "Approve later" the pending settle time before it', () => {
    expect(answerAt(hold, 'approve')).toBe(12_000);
    expect(answerAt(hold, 'decline')).toBe(12_000);
    expect(answerAt(hold, 'pending-approve')).toBe(12_000 - LOCAL_TIMINGS.pendingSettleMs);
    expect(answerAt(hold, 'pending-decline')).toBe(12_000 - LOCAL_TIMINGS.pendingSettleMs);
  });

  it('answers at once without a hold plan, or with one at the edge', () => {
    expect(answerAt(undefined, 'approve')).toBeUndefined();
    expect(answerAt({ endsAt: 10_000, startAt: 9_000 }, 'pending-approve')).toBeUndefined();
  });
});
