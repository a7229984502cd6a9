import { describe, expect, it } from 'vitest';
import type { ProviderControl, RecordedRequest } from '../support/provider';
import { RequestLog } from './requestLog';

const record = (seq: number, tokenFingerprint: string | null, method = 'GET'): RecordedRequest => ({
  seq,
  method,
  path: '/p',
  query: {},
  tokenFingerprint,
  idempotencyKey: null,
  at: seq,
});

/** A provider whose log holds `records`; asked with `after`, it answers what is numbered above it, as the real one does. */
function providerWith(records: RecordedRequest[]) {
  const asked: number[] = [];
  const control = {
    async requestsAfter(seq: number) {
      asked.push(seq);
      return records.filter((r) => r.seq > seq);
    },
  } as unknown as ProviderControl;
  return { control, asked, records };
}

describe('RequestLog', () => {
  it('reads only what is new each time, keeps everything, and picks one mount’s requests by fingerprint', async () => {
    const provider = providerWith([record(1, 'tok:a'), record(2, null, 'OPTIONS'), record(3, 'tok:b')]);
    const log = new RequestLog(provider.control);
    await log.read();
    provider.records.splice(0, 3, record(4, 'tok:a'), record(5, 'tok:a', 'OPTIONS'));
    await log.read();
    expect(provider.asked).toEqual([0, 3]);
    expect(log.records.map((r) => r.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(log.of(['tok:a']).map((r) => r.seq)).toEqual([1, 4]);
    expect(log.lost).toBe(0);
  });

  it('counts records that dropped out of the provider’s log before they were read', async () => {
    const provider = providerWith([record(1, 'tok:a')]);
    const log = new RequestLog(provider.control);
    await log.read();
    provider.records.splice(0, 1, record(7, 'tok:a'));
    await log.stop();
    expect(log.lost).toBe(5);
  });
});
