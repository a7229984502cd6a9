/**
 * The write-ahead journal of the payment flow (issue 12, findings 3 and 4): the orders for which
 * a charge was sent and whose outcome is not known yet. An order is written BEFORE its charge
 * goes out and forgotten once the outcome is known, so a `pay` in this mount or the next one on
 * the page (after `destroy()` mid-charge, or a reload of the frame) knows to read the order's
 * charges before it charges anything.
 *
 * It lives in the frame origin's `sessionStorage` under {@link CHARGE_JOURNAL_KEY}: partitioned
 * per host site by the browser, kept across a destroy and remount or a reload in the tab, gone with
 * the tab. It holds order ids only, never a card, a card token or the app instance token. Where
 * the browser refuses storage to a cross-site frame (Chromium with third-party storage blocked
 * throws on `sessionStorage`), or a write fails, the journal falls back to this mount's memory
 * and says so ({@link ChargeJournal.durable}). A stored value it cannot read (not a JSON list of
 * order ids: corrupt, or written by something else) is not an empty journal: it may have named
 * any order, so every order counts as having an unknown outcome until this mount settles it, and
 * the value is left in place for the next mount to judge the same way (issue 19).
 */

/** The `sessionStorage` key: a JSON array of order ids. */
export const CHARGE_JOURNAL_KEY = 'cashier-widget.charges-sent';

/** What the journal needs of `sessionStorage`. */
export type JournalStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Orders with a charge sent and no known outcome. */
export interface ChargeJournal {
  /**
   * True when a charge for `orderId` was sent (by this mount, or an earlier one when durable) and
   * its outcome is not known; true for every order not deleted since when the stored journal was unreadable.
   */
  has(orderId: string): boolean;
  /** Notes `orderId` before its charge is sent. */
  add(orderId: string): void;
  /** Forgets `orderId` once its outcome is known. */
  delete(orderId: string): void;
  /**
   * False once storage was refused or held a journal that cannot be read: the journal is then
   * this mount's memory only, and cannot tell which orders an earlier mount left with an unknown outcome.
   */
  readonly durable: boolean;
}

/**
 * Creates the journal over `storage` (default: the frame's `sessionStorage`, read on each use so
 * that a refusal is caught here). A stored value that is not a JSON list of strings is unreadable:
 * every order's outcome is unknown ({@link ChargeJournal.has}) and the journal is not durable.
 */
export function createChargeJournal(storage: () => JournalStorage = () => sessionStorage): ChargeJournal {
  /** The journal once storage was refused or unreadable; undefined while storage works. */
  let memory: Set<string> | undefined;
  /** Once the stored journal was unreadable: the orders settled since (any other may be unknown). */
  let unreadable: Set<string> | undefined;

  const load = (): Set<string> => {
    if (memory) return memory;
    let stored: string | null;
    try {
      stored = storage().getItem(CHARGE_JOURNAL_KEY);
    } catch {
      memory = new Set();
      return memory;
    }
    const ids = parseJournal(stored ?? '[]');
    if (ids) return ids;
    unreadable = new Set();
    memory = new Set();
    return memory;
  };

  const save = (ids: Set<string>) => {
    if (memory) return;
    try {
      if (ids.size === 0) storage().removeItem(CHARGE_JOURNAL_KEY);
      else storage().setItem(CHARGE_JOURNAL_KEY, JSON.stringify([...ids]));
    } catch {
      memory = ids;
    }
  };

  return {
    has(orderId) {
      const ids = load();
      return ids.has(orderId) || (unreadable !== undefined && !unreadable.has(orderId));
    },
    add(orderId) {
      const ids = load();
      ids.add(orderId);
      save(ids);
    },
    delete(orderId) {
      const ids = load();
      unreadable?.add(orderId);
      if (ids.delete(orderId)) save(ids);
    },
    get durable() {
      load();
      return memory === undefined;
    },
  };
}

/** The order ids of a stored journal; undefined when it is not a JSON list of strings. */
function parseJournal(stored: string): Set<string> | undefined {
  let ids: unknown;
  try {
    ids = JSON.parse(stored);
  } catch {
    return undefined;
  }
  return Array.isArray(ids) && ids.every((id) => typeof id === 'string') ? new Set(ids) : undefined;
}
