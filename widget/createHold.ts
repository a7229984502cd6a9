import { CashierError } from '../shared';
import type { FormStore, HoldExtension } from './createFormStore';
import type { OrderHold } from './readOrderHold';

/** A jump of the device's clock (sleep, a background tab, a clock set by hand): a tick later than this, in ms, or earlier than the last. */
const CLOCK_JUMP_MS = 2_000;

/** What the seat hold needs from the widget. */
export interface HoldDeps {
  /** Reads the order's hold against the provider's clock (readOrderHold); undefined: none. */
  read: (orderId: string) => Promise<OrderHold | undefined>;
  /** Where the seconds left and the expiry are shown (FormSnapshot.hold). */
  store: Pick<FormStore, 'setHold'>;
  /** The order whose `pay` is open, if any: a payment under way (issue 37), its hold does not expire until it settles. */
  openOrder: () => string | undefined;
  /** Called once per order when its hold has expired (the host's `onHoldExpired`). */
  onExpired: (orderId: string) => void;
  /** The widget's document: a return to the tab (`visibilitychange`) reads the provider's clock again. */
  doc: Document;
  /**
   * Asks the provider for more time (issue 37: extendOrderHold) under a fresh idempotency key; the
   * order's hold as it then is. Undefined: the site turned the offer off (`holdExtensionOffer: false`).
   */
  extend?: (orderId: string) => Promise<OrderHold | undefined>;
  /** Called when the provider gave `orderId` more time, with its new `holdExpiresAt` (the host's `onHoldExtended`). */
  onExtended?: (orderId: string, holdExpiresAt: string) => void;
}

/** The countdown of the seat hold of the widget's order (issue 24); see {@link createHold}. */
export interface Hold {
  /**
   * Follows the hold of `orderId` (undefined: no order), forgetting the previous order's countdown.
   * `read` is the order's read already under way (issue 36: started beside its methods), if any.
   * Resolves once the first read has settled and its hold is in the store (at once without an order).
   */
  follow(orderId: string | undefined, read?: Promise<OrderHold | undefined>): Promise<void>;
  /** True when `orderId`'s hold has run out: a new charge for it must not be made. */
  expired(orderId: string): boolean;
  /** The provider refused a charge of `orderId` for its expired hold (409): it expires now. */
  refused(orderId: string): void;
  /**
   * A payment is under way (issue 37), or the widget's `pay` opened or closed (`openOrder`, no
   * `orderId`): `orderId` names one started in the widget (a PayPal checkout, a wallet sheet), under
   * way until `settled`. While one is, the notice says "Finishing your payment…" in place of the
   * time, and the hold does not expire (the provider keeps the seats up to its grace limit).
   */
  paying(orderId?: string): void;
  /**
   * A payment of `orderId` settled: a paid order's countdown ends; an unpaid one's comes back, or
   * the hold expires now if its time is up.
   */
  settled(orderId: string, paid: boolean): void;
  /**
   * The buyer asked for more time (issue 37): asks the provider once (nothing while an ask is under
   * way, or when the order has no extension left or the offer is off). Granted, the countdown
   * follows the new `holdExpiresAt` and `onExtended` is called; 409 HOLD_NOT_EXTENDABLE, no more
   * time can be given (`extension.status` `none`); any other failure, `failed` (the buyer may ask
   * again). The hold does not expire while the ask is under way. Resolves once it is settled.
   */
  extend(): Promise<void>;
  /**
   * The provider's clock minus the device's, in ms, as the order's last read measured it
   * (readOrderHold's `skewMs`): kept across a read that fails or an order without a hold; 0 before any.
   * What a countdown to a provider time (a BLIK code's `expiresAt`, issue 38) counts against.
   */
  skewMs(): number;
  /** Stops the countdown and the listener (unmount). */
  stop(): void;
}

/** True for the provider's 409 HOLD_NOT_EXTENDABLE: no more time can be given (issue 37). */
const notExtendable = (error: unknown) =>
  error instanceof CashierError && error.details.applicationErrorCode === 'HOLD_NOT_EXTENDABLE';

/**
 * The seat hold's countdown (issue 24): the order's `holdExpiresAt` against the provider's clock
 * (the device's clock plus the skew read with the order), one tick a second on `Date.now()` and
 * `setTimeout` (a page clock drives it). After a jump of the device's clock (a tick more than
 * CLOCK_JUMP_MS late, or earlier than the last) or a return to the tab, the order is read again
 * before time is judged; a read that fails keeps the skew it had. At 0 s the hold expires (the
 * store says so, the form locks, `onExpired` once per order), unless a payment of the order is under
 * way (issue 37: an open `pay`, a charge or challenge; a PayPal checkout or wallet sheet, `paying`):
 * the store says `finishing` ("Finishing your payment…" in place of the time), and the hold expires
 * only if it settles unpaid; settled unpaid with time left, the countdown comes back.
 */
export function createHold(deps: HoldDeps): Hold {
  let orderId: string | undefined;
  let hold: OrderHold | undefined;
  /** The skew the last read measured ({@link Hold.skewMs}). */
  let skewMs = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastTick: number | undefined;
  /** Bumped at every `follow` and `stop`: a read that settles later for an older order is ignored. */
  let generation = 0;
  const expiredOrders = new Set<string>();
  /** Orders with a payment under way started in the widget (PayPal, a wallet): see {@link Hold.paying}. */
  const inWidget = new Set<string>();
  const underWay = (order: string) => deps.openOrder() === order || inWidget.has(order);
  /** The offer of more time for the order followed (issue 37); see {@link HoldExtension}. */
  let asking = false;
  let failed = false;
  let refused = false;
  /** True once the order has allowed an extension: when none is left, the buyer is told so. */
  let extendable = false;
  let granted = 0;
  const extension = (): HoldExtension | undefined => {
    if (!deps.extend || !hold) return undefined;
    if (hold.extensionsLeft > 0) extendable = true;
    if (!extendable) return undefined;
    const status = asking ? 'asking' : refused || hold.extensionsLeft === 0 ? 'none' : failed ? 'failed' : 'offer';
    return { status, granted };
  };
  const msLeft = () => (hold ? hold.expiresAt - (Date.now() + hold.skewMs) : Infinity);

  const expire = (order: string) => {
    clearTimeout(timer);
    if (order !== orderId || expiredOrders.has(order)) return;
    expiredOrders.add(order);
    deps.store.setHold({ secondsLeft: 0, expired: true });
    deps.onExpired(order);
  };

  /** Shows the time left and, when it has run out, expires the hold (unless `mayExpire` is false or a payment is under way). */
  const tick = (mayExpire = true) => {
    clearTimeout(timer);
    if (orderId === undefined || hold === undefined || expiredOrders.has(orderId)) return;
    const now = Date.now();
    if (lastTick !== undefined && (now - lastTick > CLOCK_JUMP_MS || now < lastTick)) {
      void sync(orderId);
      return;
    }
    lastTick = now;
    const left = msLeft();
    const finishing = underWay(orderId);
    const secondsLeft = Math.max(0, Math.ceil(left / 1000));
    deps.store.setHold({ secondsLeft, expired: false, extension: extension(), ...(finishing ? { finishing } : {}) });
    if (left > 0) timer = setTimeout(() => tick(), left % 1000 || 1000);
    else if (mayExpire && !finishing && !asking) expire(orderId);
  };

  /** Reads the order (and the provider's clock) again, or takes `given`, then ticks. */
  const sync = (order: string, given?: Promise<OrderHold | undefined>) => {
    clearTimeout(timer);
    lastTick = undefined;
    const mine = generation;
    return (given ?? deps.read(order))
      .then((read) => {
        if (read) skewMs = read.skewMs;
        if (mine === generation) hold = read;
      })
      .catch(() => undefined) // the provider cannot be asked now: the skew read before stands
      .finally(() => {
        if (mine === generation) tick();
      });
  };

  const onVisible = () => {
    if (deps.doc.visibilityState === 'visible' && orderId !== undefined && hold !== undefined) void sync(orderId);
  };
  deps.doc.addEventListener('visibilitychange', onVisible);

  return {
    follow(next, read) {
      generation += 1;
      clearTimeout(timer);
      orderId = next;
      hold = undefined;
      asking = failed = refused = extendable = false;
      granted = 0;
      deps.store.setHold(undefined);
      return next === undefined ? Promise.resolve() : sync(next, read);
    },
    skewMs: () => skewMs,
    expired: (order) => expiredOrders.has(order) || (order === orderId && msLeft() <= 0),
    refused: expire,
    paying(order) {
      if (order !== undefined) inWidget.add(order);
      // Shown at once; a `pay` that closed settles the hold itself (`settled`), so nothing expires here.
      lastTick = undefined;
      tick(false);
    },
    settled(order, paid) {
      inWidget.delete(order);
      if (order !== orderId) return;
      if (paid) {
        generation += 1; // the seats are bought: the hold no longer counts
        clearTimeout(timer);
        hold = undefined;
        deps.store.setHold(undefined);
      } else if (msLeft() <= 0) expire(order);
      else {
        lastTick = undefined;
        tick(); // the countdown comes back
      }
    },
    async extend() {
      const order = orderId;
      const status = extension()?.status;
      if (order === undefined || expiredOrders.has(order) || (status !== 'offer' && status !== 'failed')) return;
      const mine = generation;
      asking = true;
      tick();
      try {
        const next = await deps.extend?.(order);
        if (mine !== generation) return;
        failed = false;
        if (next) {
          hold = next;
          skewMs = next.skewMs;
          granted += 1;
          deps.onExtended?.(order, next.holdExpiresAt);
        }
      } catch (error) {
        if (mine !== generation) return;
        if (notExtendable(error)) refused = true;
        else failed = true;
      } finally {
        if (mine === generation) {
          asking = false;
          lastTick = undefined; // the ask's wait is no jump of the device's clock
          tick();
        }
      }
    },
    stop() {
      generation += 1;
      clearTimeout(timer);
      deps.doc.removeEventListener('visibilitychange', onVisible);
    },
  };
}
