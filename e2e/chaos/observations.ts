import type { RecordedRequest } from '../support/provider';
import type { HarnessEvent } from './harness';
import type { LiveListener } from './listenerWatch';
import type { MountPlan } from './plan';

/** What the run saw of one mount: its plan, its names at the provider, its events and requests. */
export interface MountObservation {
  plan: MountPlan;
  /** Fingerprints of its app instance and of the fresh token its revalidation gives. */
  fingerprints: string[];
  /** The order it was mounted for (created, or an earlier mount's), if any. */
  orderId?: string;
  /** Its harness events, in order (harness.ts). */
  events: HarnessEvent[];
  /** Every request the provider recorded with one of its fingerprints, preflights left out. */
  requests: RecordedRequest[];
  /** Listeners its `mountCashier` added that the page still held at the page's end. */
  listenersLeft: LiveListener[];
  /** What kept the run from doing what the plan says (e.g. the card form could not be filled). */
  harnessErrors: string[];
}

/** A line the host page's console or uncaught-error report gave, with when (epoch ms). */
export interface PageLine {
  epoch: number;
  text: string;
  /** Where the browser says it came from (script or document URL; may be empty). */
  url: string;
}

/** What the run saw of one page once its mounts were all destroyed. */
export interface PageObservation {
  page: number;
  mounts: number[];
  /** Uncaught errors and unhandled rejections of the host page (Playwright's `pageerror`). */
  pageErrors: PageLine[];
  /** `console.error` lines of the host page itself (not of the widgets' frames). */
  consoleErrors: PageLine[];
  /** Listeners added after the first mount and still held at the end, any mount's or none's. */
  listenersLeft: LiveListener[];
  /** Iframes the page still held at the end. */
  iframesLeft: number;
  /** What went wrong running the page itself (a timer that threw under the clock, a page that would not load). */
  harnessErrors: string[];
}

/** A charge the provider made (`/__control/charges`). */
export interface ObservedCharge {
  id: string;
  orderId: string;
  status: string;
  declineCode?: string;
  /** How it was paid (CARD, PAY_AT_VENUE, PAYPAL, issue 38's IDEAL, BANCONTACT, KLARNA, BLIK). */
  paymentMethod?: string;
  /** When it was made (ISO 8601). */
  createdAt?: string;
  /** When it was refunded in full (ISO 8601; issue 37: a charge approved after its hold ended). */
  refundedAt?: string;
}

/** The limits a run holds mounts to, in milliseconds. */
export interface Bounds {
  /** From `mountCashier` to `onApiInit` or `onCrash`, for a frame that loads. */
  outcomeMs: number;
  /**
   * For a frame that never loads, from its document's end (the iframe's first `load` or `error`;
   * from `mountCashier` when the page saw none) to `onCrash` (issue 12: FRAME_LOAD_FAILED, about 2 s;
   * 4 s at most; issue 32: counted from the end, see docs/development.md "The dead-frame bound under load").
   */
  deadFrameMs: number;
  /** From the host page removing a ready widget's iframe (no `destroy()`) to `onCrash` (issue 12: CONNECTION_LOST within 1 s; 5 s asked). */
  lostFrameMs: number;
  /** From a `pay` call to its promise settling. */
  payMs: number;
  /** From the run answering a 3-D Secure challenge to the `pay` settling with its result (issue 22: within 3 s of the result being recorded). */
  challengeMs: number;
}

/** The bounds `npm run chaos` uses unless told otherwise (docs/development.md "Chaos run"). */
export const DEFAULT_BOUNDS: Bounds = {
  outcomeMs: 25_000,
  deadFrameMs: 4_000,
  lostFrameMs: 5_000,
  payMs: 30_000,
  challengeMs: 3_000,
};

/** One broken invariant: which mount (null: the page), which check, and what was seen. */
export interface Violation {
  page: number;
  mount: number | null;
  check: string;
  detail: string;
}

/** A mount's outcome for the table: ready, its crash code, destroyed before either, or nothing. */
export type Outcome = 'ready' | `crash ${string}` | 'destroyed first' | 'no outcome';

/** The first outcome of a mount, for the table. */
export function outcomeOf(o: MountObservation): Outcome {
  const before = o.events.filter((e) => !e.afterDestroy);
  const outcome = before.find((e) => e.type === 'apiInit' || e.type === 'crash' || (e.type === 'destroy' && e.by === 'plan'));
  if (!outcome) return 'no outcome';
  if (outcome.type === 'apiInit') return 'ready';
  if (outcome.type === 'crash') return `crash ${outcome.code}`;
  return 'destroyed first';
}
