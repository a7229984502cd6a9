import type { ProviderControl, RecordedRequest } from '../support/provider';

/**
 * Follows the provider's request log as it grows (`/__control/requests?after=`), keeping every
 * record, so a run of any length can count each widget's requests although the provider keeps
 * only its newest 1000. Records it missed (a gap in `seq`: more than 1000 requests between two
 * reads) are counted in `lost`, so a count that could be short is never taken as complete.
 */
export class RequestLog {
  readonly records: RecordedRequest[] = [];
  /** Records that dropped out of the provider's log before they were read. */
  lost = 0;
  #lastSeq = 0;
  #timer: ReturnType<typeof setInterval> | undefined;
  #reading: Promise<void> = Promise.resolve();

  /** `control`: the provider's control API; reset the provider before following (seq starts at 1). */
  constructor(private readonly control: ProviderControl) {}

  /** Reads every `everyMs` milliseconds until {@link stop}. */
  follow(everyMs = 250): void {
    this.#timer ??= setInterval(() => void this.read().catch(() => undefined), everyMs);
  }

  /** Reads what is new now (one read at a time); rejects when the control API does not answer. */
  read(): Promise<void> {
    this.#reading = this.#reading.then(async () => {
      const fresh = await this.control.requestsAfter(this.#lastSeq);
      const first = fresh[0];
      if (first && first.seq > this.#lastSeq + 1) this.lost += first.seq - this.#lastSeq - 1;
      for (const record of fresh) this.records.push(record);
      this.#lastSeq = fresh.at(-1)?.seq ?? this.#lastSeq;
    });
    return this.#reading;
  }

  /** Stops following, after one last read. */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.read();
  }

  /** The records whose token fingerprint is one of `fingerprints` (preflights left out unless asked for). */
  of(fingerprints: readonly string[], { withPreflights = false } = {}): RecordedRequest[] {
    return this.records.filter(
      (r) =>
        r.tokenFingerprint !== null && fingerprints.includes(r.tokenFingerprint) && (withPreflights || r.method !== 'OPTIONS'),
    );
  }
}
