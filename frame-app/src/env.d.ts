/** Build-time values of the frame app (vite.config.ts `define`). */
interface ImportMetaEnv {
  /**
   * The statics allowlist (DESIGN "Security model"), parsed from VITE_CASHIER_STATICS_ORIGINS when
   * the frame is built, so a bad entry fails the build and the frame carries no parser.
   */
  readonly CASHIER_STATICS_ALLOWLIST: import('../../shared').StaticsAllowlist;
}
