import type { RemoteProxy } from 'penpal';
import { CashierError, type CashierUpdate, ErrorCode, type FrameMethods, messageOf } from '../shared';
import type { ResolvedOptions } from './resolveOptions';
import { validateUpdate } from './validateOptions';

/** What `handle.update` needs from the mount. */
export interface UpdateContext {
  /**
   * The mount's live widget inputs: the changes are written here at once, so a frame that has not
   * asked for its inputs yet (`getBootstrap`) gets them, and the SDK's own alert takes the theme.
   */
  options: ResolvedOptions;
  /** True once `destroy()` ran. */
  isDestroyed: () => boolean;
  /** The frame's methods once connected (penpal's connection promise); rejects when it never connects or is gone. */
  remote: () => Promise<Pick<RemoteProxy<FrameMethods>, 'update'>>;
  /** Called with the theme after every change of it: the SDK restyles its alert, when it shows one. */
  onTheme?: (theme: string) => void;
}

/**
 * Creates `handle.update(changes)` (issue 13 item 3; see `CashierHandle.update`): checks the
 * changes synchronously (a TypeError naming the change, nothing changed), writes them into the
 * mount's inputs, and sends them to the frame (`FrameMethods.update`), which keeps them for the
 * bundle's mount or passes them to its `update(props)`. Resolves when the frame has applied them.
 * A refusal by the frame (PAYMENT_OPEN, the loader's failure, the bundle's error) rejects with it
 * and takes the changes back out of the mount's inputs; a frame that is gone or never connected
 * rejects with CONNECTION_LOST (the theme stays: the SDK's alert shows it); after `destroy()`,
 * DESTROYED.
 */
export function createUpdate({ options, isDestroyed, remote, onTheme }: UpdateContext) {
  return (changes: CashierUpdate): Promise<void> => {
    validateUpdate(changes);
    if (isDestroyed()) return Promise.reject(new CashierError(ErrorCode.Destroyed, 'update: the widget was destroyed'));
    const { theme, orderId, buyer } = changes;
    // Only what is given changes; `buyer` is copied, so a host's later edit of its object changes nothing.
    const given: CashierUpdate = {
      ...(theme === undefined ? {} : { theme }),
      ...(orderId === undefined ? {} : { orderId }),
      ...(buyer === undefined ? {} : { buyer: { ...buyer } }),
    };
    const before: CashierUpdate = { theme: options.theme, orderId: options.orderId, buyer: options.buyer };
    Object.assign(options, given);
    if (theme !== undefined) onTheme?.(theme);

    /** A refusal: the inputs this update wrote (and no later update overwrote) go back. */
    const takeBack = () => {
      for (const key of Object.keys(given) as (keyof CashierUpdate)[]) {
        if (options[key] === given[key]) Object.assign(options, { [key]: before[key] });
      }
      if (theme !== undefined && options.theme === before.theme) onTheme?.(options.theme);
    };
    return remote()
      .then((frame) => frame.update(given))
      .then(
        (result) => {
          if (result.ok) return;
          takeBack();
          throw CashierError.fromSerialized(result.error);
        },
        (error: unknown) => {
          throw isDestroyed()
            ? new CashierError(ErrorCode.Destroyed, 'update: the widget was destroyed')
            : new CashierError(ErrorCode.ConnectionLost, `update: the payment frame is gone: ${messageOf(error)}`);
        },
      );
  };
}
