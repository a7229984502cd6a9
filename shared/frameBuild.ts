import type { StaticsAllowlist } from './statics';
import type { VaultOriginSetting } from './vault';

/**
 * Where the frame build writes its {@link FrameBuildRecord}, relative to the frame folder, beside
 * the Content-Security-Policy file: `dist/frame-app/.vite/cashier-frame.json`, shipped in the package.
 */
export const FRAME_BUILD_FILE = '.vite/cashier-frame.json';

/**
 * What a frame build compiled in, as JSON for tools (the mock mode reads it for its defaults):
 * the build's settings, nothing secret.
 */
export interface FrameBuildRecord {
  /** The host SDK's default `frameUrl` (`VITE_CASHIER_FRAME_URL`, or the development default). */
  frameUrl: string;
  /** The origins the frame loads the bundle from: bare origins, or `'development'` (any loopback origin). */
  staticsAllowlist: StaticsAllowlist;
  /**
   * The bundle folder's path on the statics origins (`VITE_CASHIER_STATICS_PATH`, e.g. `/v42/`): a
   * production frame imports the bundle only from there. Absent in older records.
   */
  staticsPath?: string;
  /** Where the frame sends card data: a bare origin, or `'development'` (the frame's host name, two ports up). */
  vaultOrigin: VaultOriginSetting;
  /**
   * The PayPal approval page's origin: a bare origin, or `'development'`
   * (the frame's host name, one port up); absent when the build has none. Absent too in a record
   * written before it.
   */
  payPalOrigin?: string;
  /**
   * The local payment methods' pages origin: a bare origin, or `'development'` (the frame's host
   * name, one port up); absent when the build has none, or in a record written before it.
   */
  paymentsOrigin?: string;
}
