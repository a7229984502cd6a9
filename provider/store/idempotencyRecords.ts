import type { StoreReply } from './storeReply';

/** How long the reply to an Idempotency-Key is kept: 24 hours after its request, as Stripe does. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60_000;

/** What an Idempotency-Key (a charge's, a hold extension's) is remembered with: the request's fingerprint and its reply. */
export interface IdempotencyRecord {
  /** What the key was first used for (JSON): a charge's order id and body, a hold extension's route and order id. */
  fingerprint: string;
  /** The first reply; its body is the store's own object (the charge, the order), so a replay shows it as it is now. */
  reply: StoreReply;
}

/**
 * The checkout store's Idempotency-Keys, per app instance, each kept {@link IDEMPOTENCY_TTL_MS}
 * after its charge by the clock `now` (swept on every read).
 */
export function createIdempotencyRecords(now: () => Date) {
  /** App instance + Idempotency-Key → the record and when it was made (in the order they were made). */
  const records = new Map<string, IdempotencyRecord & { at: number }>();
  const keyOf = (appInstance: string, idempotencyKey: string) => JSON.stringify([appInstance, idempotencyKey]);

  /** Forgets records older than {@link IDEMPOTENCY_TTL_MS}. */
  function sweep(): void {
    const oldest = now().getTime() - IDEMPOTENCY_TTL_MS;
    for (const [key, record] of records) {
      if (record.at > oldest) break;
      records.delete(key);
    }
  }

  return {
    /** The record of `idempotencyKey` for `appInstance`, or undefined (never used, or forgotten). */
    get(appInstance: string, idempotencyKey: string): IdempotencyRecord | undefined {
      sweep();
      return records.get(keyOf(appInstance, idempotencyKey));
    },
    /** Remembers `record` for `idempotencyKey` of `appInstance`, from now. */
    set(appInstance: string, idempotencyKey: string, record: IdempotencyRecord): void {
      records.set(keyOf(appInstance, idempotencyKey), { ...record, at: now().getTime() });
    },
    /** Forgets every record. */
    clear: (): void => records.clear(),
  };
}

/** The Idempotency-Keys of one checkout store. */
export type IdempotencyRecords = ReturnType<typeof createIdempotencyRecords>;
