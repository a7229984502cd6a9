import { useEffect } from 'react';
import { type PreloadCashierOptions, preloadCashier } from '../index';

/**
 * `preloadCashier` for a React checkout: call it in the checkout page's component with
 * the options its `<CashierWidget>` will take (`host`, `configuration`, `frameUrl`, `debug`), so
 * the widget is warm by the time the buyer reaches the payment step. Runs after the render, in the
 * browser only (nothing during server rendering), once per `host`, `configuration` and `frameUrl`
 * and `debug` (a re-render with the same values, or StrictMode's second effect, adds nothing: the
 * SDK keeps one warm-up per page and options). `undefined` warms nothing (e.g. while the token is
 * still being fetched). Bad options throw `preloadCashier`'s TypeError from the effect, to the
 * nearest error boundary, as `<CashierWidget>` does with bad props.
 */
export function usePreloadCashier(options: PreloadCashierOptions | undefined): void {
  const { host, configuration, frameUrl, debug } = options ?? ({} as Partial<PreloadCashierOptions>);
  const appInstance = configuration?.appInstance;
  const msid = configuration?.msid;
  useEffect(() => {
    if (host === undefined && appInstance === undefined) return;
    void preloadCashier({ host, configuration: { appInstance, msid }, frameUrl, debug } as PreloadCashierOptions);
  }, [host, appInstance, msid, frameUrl, debug]);
}
