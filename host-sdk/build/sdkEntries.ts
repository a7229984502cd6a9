/**
 * The host SDK's ES module entries, by the file name they build to under dist/host-sdk/ and the
 * package subpath that publishes them (package.json `exports`). The ES build (vite.config.ts, mode
 * `sdk`) and the bundled type declarations (host-sdk/build/bundleTypes.ts) both read this list:
 * a new entry is one line here and one `exports` line.
 */
export const SDK_ENTRIES = {
  /** `cashier-widget`: mountCashier, CashierError, ErrorCode and the types. */
  index: 'host-sdk/index.ts',
  /** `cashier-widget/react`: `<CashierWidget>`; React is a peer dependency. */
  react: 'host-sdk/react/index.ts',
  /** `cashier-widget/testing`: the mock mode for sites' own tests (Node; msw 2.15 or 3 is a peer dependency). */
  testing: 'testing/index.ts',
  /** `cashier-widget/server`: verifyWebhook for a site's server (Node). */
  server: 'shared/server.ts',
} as const;

/**
 * What the SDK's ES entries import but never bundle: React, for `cashier-widget/react`; msw and
 * Node's own modules, for `cashier-widget/testing` and `cashier-widget/server`.
 */
export const SDK_EXTERNAL = [/^react($|\/)/, /^react-dom($|\/)/, /^msw($|\/)/, /^node:/];
