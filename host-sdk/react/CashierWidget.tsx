import { type CSSProperties, useEffect, useLayoutEffect, useRef } from 'react';
import { type CashierCrash, type CashierHandle, type MountCashierOptions, mountCashier } from '../index';
import { toUpdate, type WidgetInputs, widgetInputs } from './toUpdate';

/** Props of {@link CashierWidget}: the options of `mountCashier`, and the container's look. */
export interface CashierWidgetProps extends MountCashierOptions {
  /** Class of the container `<div>` the iframe is mounted into. Default: none. */
  className?: string;
  /** Inline style of the container `<div>`. Default: none. */
  style?: CSSProperties;
  /**
   * Called when a change of `theme`, `orderId`, `buyer`, `locale`, `appearance` or `fonts` was refused by the widget (a rejection
   * of `handle.update`, e.g. PAYMENT_OPEN while a payment is open), with the `CashierError`.
   * Default: none (the refusal is dropped; the widget stays as it was).
   */
  onUpdateError?: (error: CashierCrash) => void;
}

/** The mount a component instance holds, with what it was mounted with. */
interface Mounted {
  handle: CashierHandle;
  /** The options whose change needs a new mount ({@link remountKey}). */
  key: string;
  /** The theme, order, buyer and locale the widget has (or was sent) now. */
  inputs: WidgetInputs;
  /** True between a cleanup and the destroy it scheduled: an effect that runs again in between keeps the mount. */
  leaving: boolean;
}

/**
 * The payment widget as a React component: mounts with `mountCashier` into its
 * container `<div>` (`className`, `style`) and destroys it on unmount.
 * - One iframe under `StrictMode`: like react-stripe-js, the mount lives in a ref, so an effect
 *   that runs again finds it; the cleanup's `destroy()` waits a microtask, so StrictMode's
 *   immediate cleanup-and-rerun keeps the one frame (and its one frame document load).
 * - A change of `theme`, `orderId`, `buyer`, `locale`, `appearance` or `fonts` (compared by value) calls
 *   `handle.update`: no new frame document; a refusal goes to `onUpdateError`. A change of `host`,
 *   `configuration.msid`, `frameUrl`, `debug` or whether `revalidateAppInstance` is given mounts
 *   anew. Removing `theme` gives the default theme, removing `locale` the default locale (the
 *   page's `<html lang>`, else the browser's), removing `buyer` empties what its prefill put in the
 *   fields, removing `orderId` keeps the widget on its order (give the component a new `key` to
 *   start over).
 * - A new `configuration.appInstance` alone (a refreshed token) does not remount, so a typed card
 *   and a `pay` in flight are kept: the frame gets fresh tokens through `revalidateAppInstance`,
 *   and when it next asks, the latest token from the props, if the frame has not had it yet, is
 *   the answer (without calling the prop); otherwise the prop is called. Without
 *   `revalidateAppInstance` the frame keeps the token it was mounted with.
 * - Callbacks are read when they fire: a new function does not remount.
 * - Renders only the `<div>` on the server; the module touches no browser global when imported.
 * Bad props throw the TypeError of `mountCashier` / `handle.update` from the effect (to the
 * nearest error boundary).
 */
export function CashierWidget(props: CashierWidgetProps) {
  const { className, style } = props;
  const container = useRef<HTMLDivElement>(null);
  const latest = useRef(props);
  const mounted = useRef<Mounted | null>(null);
  const key = remountKey(props);
  const inputs = widgetInputs(props);
  // Callbacks and the values read at mount come from the latest render, never a stale one.
  useLayoutEffect(() => {
    latest.current = props;
  });
  // False from the commit that removes the component: its container leaves the document then, and
  // the SDK's watch would report the frame's removal (onCrash CONNECTION_LOST) before the deferred
  // destroy. The page removed the widget itself: none of its callbacks is called from then on.
  const alive = useRef(true);
  useLayoutEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  useEffect(() => {
    const el = container.current;
    if (!el) return;
    let current = mounted.current;
    if (current?.key !== key) {
      if (current) current.leaving = false; // destroyed here, not by its cleanup's microtask
      current?.handle.destroy();
      current = {
        handle: mountCashier(el, withLatestCallbacks(latest, alive)),
        key,
        inputs: widgetInputs(latest.current),
        leaving: false,
      };
    }
    current.leaving = false;
    mounted.current = current;
    const mine = current;
    return () => {
      mine.leaving = true;
      queueMicrotask(() => {
        if (!mine.leaving) return;
        mine.handle.destroy();
        if (mounted.current === mine) mounted.current = null;
      });
    };
  }, [key]);

  const { theme, orderId, email, name, locale, appearance, fonts } = inputs;
  useEffect(() => {
    const current = mounted.current;
    if (!current) return;
    const before = current.inputs;
    const next = { theme, orderId, email, name, locale, appearance, fonts };
    const changes = toUpdate(before, next);
    if (!changes) return;
    current.inputs = next;
    current.handle.update(changes).catch((error: CashierCrash) => {
      if (current.inputs === next) current.inputs = before; // refused: the widget kept what it had
      latest.current.onUpdateError?.(error);
    });
  }, [theme, orderId, email, name, locale, appearance, fonts]);

  return <div ref={container} className={className} style={style} />;
}

/**
 * The options whose change needs a new mount, as one string: everything but theme, order, buyer,
 * locale, callbacks and the token (`configuration.appInstance`, handed over on revalidation instead).
 */
function remountKey({ host, configuration, frameUrl, debug, revalidateAppInstance }: MountCashierOptions): string {
  const { msid } = Object(configuration) as Partial<MountCashierOptions['configuration']>;
  return JSON.stringify([host, msid, frameUrl, debug, typeof revalidateAppInstance]);
}

/** The token in the props, or undefined when it is not a non-empty string. */
function tokenOf({ configuration }: MountCashierOptions): string | undefined {
  const { appInstance } = Object(configuration) as Partial<MountCashierOptions['configuration']>;
  return typeof appInstance === 'string' && appInstance.trim() ? appInstance : undefined;
}

/** The callbacks `<CashierWidget>` relays to the latest render's prop. */
type RelayedCallback =
  | 'onApiInit'
  | 'onCrash'
  | 'onSlow'
  | 'onHoldExpired'
  | 'onHoldExtended'
  | 'onPaymentResult'
  | 'onChange'
  | 'onFocus'
  | 'onBlur'
  | 'onEscape';

/**
 * The options for `mountCashier` from the latest props: each callback calls the prop of the
 * latest render when it fires (a callback given later is called too), and nothing once the
 * component is unmounted (`alive` false). `revalidateAppInstance` is
 * wrapped only when given (it is part of {@link remountKey}): without it a 401 fails at once.
 * When the frame asks for a fresh token, a token the props gave since the mount (or since it was
 * last handed over) is the answer; otherwise the prop is called. A value that is not a function is passed as it is,
 * for `mountCashier` to refuse.
 */
function withLatestCallbacks(latest: { current: CashierWidgetProps }, alive: { current: boolean }): MountCashierOptions {
  const { className: _className, style: _style, onUpdateError: _onUpdateError, ...options } = latest.current;
  const relay = <K extends RelayedCallback>(name: K) => {
    const given = options[name];
    if (given !== undefined && typeof given !== 'function') return given;
    return ((...args: unknown[]) =>
      alive.current
        ? (latest.current[name] as ((...a: unknown[]) => unknown) | undefined)?.(...args)
        : undefined) as MountCashierOptions[K];
  };
  /** The props' token the frame last had: the one it was mounted with, then each one handed over. */
  let propsToken = tokenOf(options);
  const revalidate = async (): Promise<string> => {
    const fromProps = tokenOf(latest.current);
    if (fromProps === undefined || fromProps === propsToken) return (await latest.current.revalidateAppInstance?.()) as string;
    propsToken = fromProps;
    return fromProps;
  };
  const given = options.revalidateAppInstance;
  return {
    ...options,
    onApiInit: relay('onApiInit'),
    onCrash: relay('onCrash'),
    onSlow: relay('onSlow'),
    onHoldExpired: relay('onHoldExpired'),
    onHoldExtended: relay('onHoldExtended'),
    onPaymentResult: relay('onPaymentResult'),
    onChange: relay('onChange'),
    onFocus: relay('onFocus'),
    onBlur: relay('onBlur'),
    onEscape: relay('onEscape'),
    revalidateAppInstance: given === undefined || typeof given !== 'function' ? given : revalidate,
  };
}
