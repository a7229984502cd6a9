/** A fault the provider plays back for matching requests (see README "Fault switches"). */
export interface Fault {
  /** URL path the fault applies to, exactly (API or statics). */
  path: string;
  /** HTTP method it applies to; default any. */
  method?: string;
  /** How many matching requests it applies to; default 1. */
  times?: number;
  /** Status to answer with; default: answer normally (after `delayMs`). */
  status?: number;
  /** Body to answer with (JSON unless a string); default an application error for the status. */
  body?: unknown;
  /** Extra reply headers, e.g. Retry-After. */
  headers?: Record<string, string>;
  /** Milliseconds to wait before answering (or dropping). */
  delayMs?: number;
  /** Destroy the connection without a reply. */
  drop?: boolean;
  /** Handle the request normally (it takes effect), then destroy the connection: the reply is lost. */
  dropAfterApply?: boolean;
  /**
   * Applies only to requests whose `Authorization` has this fingerprint (`tokenFingerprint.ts`),
   * so that widgets mounted at once, each with its own app instance, get faults of their own
   * (the chaos run, e2e/chaos/). Default: any request, with or without a token.
   */
  tokenFingerprint?: string;
}

/**
 * How many recorded requests the provider keeps; the oldest drop out. Far more than a test makes
 * between resets, and a bound on what a long `npm start` holds and serves at /__control/requests.
 */
export const MAX_RECORDED_REQUESTS = 1000;

/** One request the provider saw (control routes excluded). */
export interface RecordedRequest {
  /**
   * Its number in the provider's log: 1 for the first request after start or reset, one more for
   * each after it, so a reader can ask only for what is new (`/__control/requests?after=N`) and
   * notice records that dropped out before it read them (a gap).
   */
  seq: number;
  method: string;
  path: string;
  query: Record<string, string>;
  /** The Authorization header's fingerprint (`tokenFingerprint.ts`), or null without one: never the token itself. */
  tokenFingerprint: string | null;
  /** The Idempotency-Key header (charges), or null. */
  idempotencyKey: string | null;
  /** Milliseconds since the epoch. */
  at: number;
  /**
   * Which of the provider's servers took it: `api` (the provider host, statics included) or
   * `vault` (card tokenization, on its own origin: DESIGN "Security model"). Default `api`.
   */
  server?: 'api' | 'vault';
}

/** The provider's in-memory state: faults, settings overrides, accepted tokens, recorded requests. */
export class ProviderState {
  readonly faults: Fault[] = [];
  readonly #requests: RecordedRequest[] = [];
  #lastSeq = 0;
  settingsOverrides: Record<string, unknown> = {};
  /**
   * Where buyer country resolution places the buyer (ISO 3166-1 alpha-2), or null: the provider
   * cannot tell (a loopback address cannot be placed). Default null; set by `/__control/buyer-country`.
   */
  buyerCountry: string | null = null;
  /**
   * Accepted app instance tokens → the app instance each stands for (itself, unless added as a
   * refreshed token of another: `/__control/app-instances` `instance`).
   */
  readonly appInstances: Map<string, string>;
  /**
   * App instances that carry a member (issue 25: a signed-in returning buyer) → the member's id,
   * whose saved cards the credit card routes answer. An app instance not here has no member: no
   * saved cards, nothing saved. Keyed by app instance, so a refreshed token keeps its member.
   * Default the `defaultMembers` given; set by `/__control/members`.
   */
  readonly members: Map<string, string>;
  /** Called by {@link reset}, so route modules can keep state of their own and clear it with the rest. */
  readonly resetHooks: (() => void)[] = [];

  /**
   * `defaultAppInstances`: the accepted tokens, each its own app instance; `defaultMembers`: app
   * instance → member id (default none). Both are restored by {@link reset}.
   */
  constructor(
    private readonly defaultAppInstances: readonly string[],
    private readonly defaultMembers: Readonly<Record<string, string>> = {},
  ) {
    this.appInstances = new Map(defaultAppInstances.map((token) => [token, token]));
    this.members = new Map(Object.entries(defaultMembers));
  }

  /** The member app instance `appInstance` carries, or undefined: none. */
  memberOf(appInstance: string): string | undefined {
    return this.members.get(appInstance);
  }

  /** The recorded requests, oldest first: at most {@link MAX_RECORDED_REQUESTS}, the newest. */
  get requests(): readonly RecordedRequest[] {
    return this.#requests;
  }

  /** The recorded requests numbered above `seq`, oldest first (what a reader that saw up to `seq` has not seen). */
  requestsAfter(seq: number): readonly RecordedRequest[] {
    return this.#requests.filter((r) => r.seq > seq);
  }

  /** Records a request under the next `seq`, and returns the record; past {@link MAX_RECORDED_REQUESTS} the oldest drops out. */
  record(request: Omit<RecordedRequest, 'seq'>): RecordedRequest {
    this.#lastSeq += 1;
    const recorded = { seq: this.#lastSeq, ...request };
    this.#requests.push(recorded);
    if (this.#requests.length > MAX_RECORDED_REQUESTS) this.#requests.splice(0, this.#requests.length - MAX_RECORDED_REQUESTS);
    return recorded;
  }

  /** Forgets the recorded requests only, e.g. before counting the attempts of one call; numbering starts again at 1. */
  clearRequests(): void {
    this.#requests.length = 0;
    this.#lastSeq = 0;
  }

  /** Queues a fault (FIFO per matching request). Throws TypeError when it has no string `path`. */
  addFault(value: unknown): Fault {
    if (typeof value !== 'object' || value === null || typeof (value as Fault).path !== 'string') {
      throw new TypeError('a fault needs a string "path"');
    }
    const fault = { ...(value as Fault) };
    fault.times = typeof fault.times === 'number' && fault.times > 0 ? fault.times : 1;
    this.faults.push(fault);
    return fault;
  }

  /**
   * Takes the next fault for this request (`tokenFingerprint`: its Authorization's, or null
   * without one), counting down its `times`.
   */
  takeFault(method: string, path: string, tokenFingerprint: string | null = null): Fault | undefined {
    const index = this.faults.findIndex(
      (f) =>
        f.path === path &&
        (!f.method || f.method.toUpperCase() === method) &&
        (f.tokenFingerprint === undefined || f.tokenFingerprint === tokenFingerprint),
    );
    if (index < 0) return undefined;
    const fault = this.faults[index] as Fault;
    fault.times = (fault.times ?? 1) - 1;
    if (fault.times <= 0) this.faults.splice(index, 1);
    return fault;
  }

  /** Back to how the provider started: no faults, no overrides, no requests, no buyer country, default tokens and members. */
  reset(): void {
    this.faults.length = 0;
    this.clearRequests();
    this.settingsOverrides = {};
    this.buyerCountry = null;
    this.appInstances.clear();
    for (const token of this.defaultAppInstances) this.appInstances.set(token, token);
    this.members.clear();
    for (const [appInstance, member] of Object.entries(this.defaultMembers)) this.members.set(appInstance, member);
    for (const hook of this.resetHooks) hook();
  }
}
