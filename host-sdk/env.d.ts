/** Build-time values of the host SDK (vite.config.ts `define`). */
interface ImportMetaEnv {
  /**
   * The default `frameUrl`: VITE_CASHIER_FRAME_URL, checked when the SDK is built (shared/buildEnv.ts);
   * `http://127.0.0.1:4174/` in a development build (npm run build:dev).
   */
  readonly CASHIER_FRAME_URL: string;
}
