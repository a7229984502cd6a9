import { developmentOrigin } from './vault.ts';

/**
 * The payments origin (issue 38): the one origin whose pages the widget shows in a local payment
 * method's popup (iDEAL, Bancontact, Klarna: `nextAction.url` of a REDIRECT charge) and whose
 * message it takes as the buyer's answer. Fixed when the frame is built
 * (`VITE_CASHIER_PAYMENTS_ORIGIN`), like the PayPal approval origin (shared/payPalOrigin.ts) and the
 * card vault, never derived from `host`, which the embedding page chooses.
 */

/**
 * The development build's payments origin, when `VITE_CASHIER_PAYMENTS_ORIGIN` is unset: the
 * reference provider's own origin, {@link DEVELOPMENT_PAYMENTS_PORT_OFFSET} port above the frame's
 * (as PayPal's). A production build names its origin, or has none (no redirect methods).
 */
export const DEVELOPMENT_PAYMENTS = 'development';

/** How many ports above the frame's the development build's provider, and its payment pages, listen. */
export const DEVELOPMENT_PAYMENTS_PORT_OFFSET = 1;

/**
 * The payments origin `setting` names for a frame at `frameLocation` (the frame document's own
 * `location`): the setting itself, or for {@link DEVELOPMENT_PAYMENTS} the origin derived from the
 * frame's. Undefined when the build has none or a development frame's location has no port: every
 * redirect is then refused (the charge is cancelled unseen; nothing is charged).
 */
export function resolvePaymentsOrigin(
  setting: string | undefined,
  frameLocation: { protocol: string; hostname: string; port: string },
): string | undefined {
  return setting === DEVELOPMENT_PAYMENTS
    ? developmentOrigin(frameLocation, DEVELOPMENT_PAYMENTS_PORT_OFFSET)
    : setting || undefined;
}
