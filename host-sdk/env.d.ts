/** Build-time values of the host SDK (vite.config.ts `define`). */
interface ImportMetaEnv {
  /**
   * The default `frameUrl`: VITE_CASHIER_FRAME_URL, checked when the SDK is built;
   * `http://127.0.0.1:4174/` in a development build (npm run build:dev).
   */
  readonly CASHIER_FRAME_URL: string;
  /** Script-tag build only: the bridge's file name beside `cashier.iife.js` (`cashier-bridge-<hash>.js`). */
  readonly CASHIER_BRIDGE_FILE: string;
  /** Script-tag build only: the bridge file's Subresource Integrity hash (`sha384-…`). */
  readonly CASHIER_BRIDGE_INTEGRITY: string;
}
