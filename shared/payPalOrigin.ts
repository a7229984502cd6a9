import { developmentOrigin } from './vault.ts';

/**
 * The PayPal approval origin (security review 2026-11-28 M3): the one origin whose page the widget
 * shows in the buyer's PayPal popup, and whose message it takes as the buyer's answer. It is fixed
 * when the frame is built (`VITE_CASHIER_PAYPAL_ORIGIN`), like the card vault (shared/vault.ts),
 * never derived from `host`, which the embedding page chooses: a page that picked its own `host`
 * could otherwise show any page of its own in the popup the genuine widget opened, a look-alike
 * PayPal login. The reference provider serves the approval page on its API origin
 * (provider/payPalRoutes.ts), so a deployment of it names that origin.
 */

/**
 * The development build's PayPal approval origin, when `VITE_CASHIER_PAYPAL_ORIGIN` is unset: the
 * frame's own protocol and host name, {@link DEVELOPMENT_PAYPAL_PORT_OFFSET} port above the frame's,
 * where `npm start` (frame 127.0.0.1:4174, provider 127.0.0.1:4175) and the browser tests put the
 * reference provider. A production build names its origin, or has none (no PayPal).
 */
export const DEVELOPMENT_PAYPAL = 'development';

/** How many ports above the frame's the development build's provider, and its approval page, listen. */
export const DEVELOPMENT_PAYPAL_PORT_OFFSET = 1;

/**
 * The PayPal approval origin `setting` names for a frame at `frameLocation` (the frame document's
 * own `location`, never anything the host page passes): the setting itself, or for
 * {@link DEVELOPMENT_PAYPAL} the origin derived from the frame's. Undefined when the build has none
 * or a development frame's location has no port to count from: every approval page is then
 * refused (a PayPal payment fails INVALID_RESPONSE before the buyer sees a page; nothing is charged).
 */
export function resolvePayPalOrigin(
  setting: string | undefined,
  frameLocation: { protocol: string; hostname: string; port: string },
): string | undefined {
  return setting === DEVELOPMENT_PAYPAL ? developmentOrigin(frameLocation, DEVELOPMENT_PAYPAL_PORT_OFFSET) : setting || undefined;
}
