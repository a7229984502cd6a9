import type { RemoteProxy } from 'penpal';
import { CashierError, type CashierUpdate, ErrorCode, type FrameMethods, messageOf, rebuildCashierError } from '../shared';
import { canonicalLocale } from './resolveLocale';
import type { ResolvedOptions } from './resolveOptions';

/** What `handle.update` needs from the mount. */
export interface UpdateContext {
  /**
   * The mount's live widget inputs: the changes are written here at once, so a frame that has not
   * asked for its inputs yet (`getBootstrap`) gets them, and the SDK's own alert and the iframe's
   * title take the theme and the language.
   */
  options: ResolvedOptions;
  /** True once `destroy()` ran. */
  isDestroyed: () => boolean;
  /** The frame's methods once connected (penpal's connection promise); rejects when it never connects or is gone. */
  remote: () => Promise<Pick<RemoteProxy<FrameMethods>, 'update'>>;
  /**
   * Called after every change of the inputs (written, or taken back after a refusal): the SDK
   * restyles and re-words its alert, when it shows one, and re-titles the iframe, from `options`.
   */
  onChange?: () => void;
}

/**
 * Creates what `handle.update(changes)` does once the mount has checked the changes
 * (`validateUpdate`, synchronously; issue 13 item 3; see `CashierHandle.update`). Part of the
 * bridge, so the script tag carries none of it: it writes the changes into the mount's inputs, and sends them to the frame (`FrameMethods.update`), which keeps them for the
 * bundle's mount or passes them to its `update(props)`. Resolves when the frame has applied them.
 * A refusal by the frame (PAYMENT_OPEN, the loader's failure, the bundle's error) rejects with it
 * and takes back only this update's changes: each input it changed goes back to the latest change
 * the frame has not refused, so a later, overlapping update's value stays (issue 20 item 6), and a
 * refused value is never restored; a frame that is gone or never connected
 * rejects with CONNECTION_LOST (the theme and locale stay: the SDK's alert shows them); after
 * `destroy()`, DESTROYED.
 */
export function createUpdate({ options, isDestroyed, remote, onChange }: UpdateContext) {
  const writes = createWriteLog(options);
  return (changes: CashierUpdate): Promise<void> => {
    if (isDestroyed()) return Promise.reject(new CashierError(ErrorCode.Destroyed, 'update: the widget was destroyed'));
    const { theme, orderId, buyer, locale, appearance, fonts } = changes;
    // Only what is given changes; `buyer` is copied, so a host's later edit of its object changes
    // nothing; `locale` is canonical, as `mountCashier` keeps it.
    const given: CashierUpdate = {
      ...(theme === undefined ? {} : { theme }),
      ...(orderId === undefined ? {} : { orderId }),
      ...(buyer === undefined ? {} : { buyer: { ...buyer } }),
      ...(locale === undefined ? {} : { locale: canonicalLocale(locale) }),
      // Copied like `buyer`: what was checked is what is sent.
      ...(appearance === undefined ? {} : { appearance: structuredClone(appearance) }),
      ...(fonts === undefined ? {} : { fonts: structuredClone(fonts) }),
    };
    const update = writes.write(given);
    onChange?.();

    /** A refusal: this update's writes go; each input it wrote holds the latest write left. */
    const takeBack = () => {
      writes.settle(update, false);
      onChange?.();
    };
    return remote()
      .then((frame) => frame.update(given))
      .then(
        (result) => {
          if (result.ok) return writes.settle(update, true);
          takeBack();
          throw rebuildCashierError(result.error);
        },
        (error: unknown) => {
          throw isDestroyed()
            ? new CashierError(ErrorCode.Destroyed, 'update: the widget was destroyed')
            : new CashierError(ErrorCode.ConnectionLost, `update: the payment frame is gone: ${messageOf(error)}`);
        },
      );
  };
}

/** The widget inputs `update` may change. */
type UpdatedInput = keyof CashierUpdate;

/**
 * The writes of the updates the frame has not answered yet, per input, oldest first, after the
 * value the frame has (or had before them). The mount's inputs always hold each input's last write.
 */
function createWriteLog(options: CashierUpdate) {
  const log = new Map<UpdatedInput, { by: object; value: unknown }[]>();
  return {
    /** Writes `given` into the inputs and logs it; returns the update's mark for {@link settle}. */
    write(given: CashierUpdate): object {
      const by = {};
      for (const key of Object.keys(given) as UpdatedInput[]) {
        const writes = log.get(key) ?? [{ by: options, value: options[key] }];
        writes.push({ by, value: given[key] });
        log.set(key, writes);
      }
      Object.assign(options, given);
      return by;
    },
    /**
     * The frame answered the update marked `by`: applied, its writes become what the frame has
     * (the earlier ones are gone from the frame); refused, they are dropped. Each input it wrote
     * then holds the last write left.
     */
    settle(by: object, applied: boolean) {
      for (const [key, writes] of log) {
        const at = writes.findIndex((w) => w.by === by);
        if (at < 0) continue;
        writes.splice(applied ? 0 : at, applied ? at : 1);
        Object.assign(options, { [key]: writes.at(-1)?.value });
        if (writes.length === 1) log.delete(key); // nothing pending: the input is what the frame has
      }
    },
  };
}
