/** Build-time values of the frame app (vite.config.ts `define`). */
interface ImportMetaEnv {
  /**
   * The statics allowlist (DESIGN "Security model"), parsed from VITE_CASHIER_STATICS_ORIGINS when
   * the frame is built, so a bad entry fails the build and the frame carries no parser.
   */
  readonly CASHIER_STATICS_ALLOWLIST: import('../../shared').StaticsAllowlist;
  /**
   * The exact bundle URLs the frame may import (security review M2): every allowlisted origin with
   * each pinned path; their SRI hashes are in the document's import map (frame-app/build/bundlePins.ts).
   * `null` in a development build, which pins nothing (any bundle on its allowlist loads).
   */
  readonly CASHIER_PINNED_BUNDLES: readonly string[] | null;
  /**
   * The card vault (VITE_CASHIER_VAULT_ORIGIN): a bare origin, or `'development'` for the
   * development build's rule (shared/vault.ts resolveVaultOrigin).
   */
  readonly CASHIER_VAULT_ORIGIN: string;
  /**
   * The PayPal approval origin (VITE_CASHIER_PAYPAL_ORIGIN): a bare origin, `'development'` for the
   * development build's rule (shared/payPalOrigin.ts resolvePayPalOrigin), or `''` for none.
   */
  readonly CASHIER_PAYPAL_ORIGIN: string;
  /**
   * The payments origin (VITE_CASHIER_PAYMENTS_ORIGIN): a bare origin, `'development'` for the
   * development build's rule (shared/paymentsOrigin.ts resolvePaymentsOrigin), or `''` for none.
   */
  readonly CASHIER_PAYMENTS_ORIGIN: string;
}
