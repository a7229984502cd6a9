/**
 * The production browser tests' deployment (issue "deployed as it will run"): the production
 * build on five https origins of their own, as docs/deploy.md lays them out, each served on a
 * loopback port that Chromium reaches through `--host-resolver-rules`.
 */

const base = Number(process.env.CASHIER_PRODUCTION_PORT_BASE ?? 4443);

/** The sites: public name and the loopback port that serves it. */
export const SITES = {
  /** The ticketing site's checkout (host page, with the host SDK). */
  host: { name: 'tickets.example.test', port: base },
  /** The frame app. */
  frame: { name: 'pay.cashier.test', port: base + 1 },
  /** The provider API. */
  api: { name: 'api.cashier.test', port: base + 2 },
  /** The statics: the widget bundle. */
  statics: { name: 'static.cashier.test', port: base + 3 },
  /** The card vault: card data goes there and nowhere else. */
  vault: { name: 'vault.cashier.test', port: base + 4 },
} as const;

/** A site's https origin, e.g. `https://pay.cashier.test`. */
export const originOf = (site: keyof typeof SITES): string => `https://${SITES[site].name}`;

/** The build settings of the production build under test. */
export const PRODUCTION_BUILD_ENV = {
  VITE_CASHIER_FRAME_URL: `${originOf('frame')}/`,
  VITE_CASHIER_STATICS_ORIGINS: originOf('statics'),
  /** The reference provider serves the bundle under /statics/ (its widget settings' `widgetStaticsBaseUrl`). */
  VITE_CASHIER_STATICS_PATH: '/statics/',
  VITE_CASHIER_VAULT_ORIGIN: originOf('vault'),
  // The reference provider serves the PayPal approval page on its API origin (provider/payPalRoutes.ts).
  VITE_CASHIER_PAYPAL_ORIGIN: originOf('api'),
  // The reference provider serves the local payment methods' pages on its API origin too (issue 38).
  VITE_CASHIER_PAYMENTS_ORIGIN: originOf('api'),
} as const;

/** Where the production build under test is written (beside the development build in dist/). */
export const PRODUCTION_DIST = 'dist-production';

/** The host page's own Content-Security-Policy, the lines docs/deploy.md gives a site (here the SDK is the site's own file). */
export const HOST_PAGE_CSP = `script-src 'self'; frame-src ${originOf('frame')}; connect-src 'self' ${originOf('api')}; object-src 'none'`;

/** Chromium's `--host-resolver-rules`: every site's name to its loopback port. */
export function hostResolverRules(): string {
  return Object.values(SITES)
    .map(({ name, port }) => `MAP ${name} 127.0.0.1:${port}`)
    .join(', ');
}
