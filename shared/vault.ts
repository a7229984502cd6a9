/**
 * The card vault (DESIGN "Security model", issue 19 finding 1): card number, expiry and security
 * code go only to the vault origin, fixed when the frame is built (`VITE_CASHIER_VAULT_ORIGIN`),
 * never to `host`, which the embedding page chooses. What comes back is a card token, bound to the
 * app instance that asked, which a charge on `host` uses. Stripe (api.stripe.com), Braintree and
 * Adyen do the same with their own fixed vault origins; it keeps a site in PCI DSS SAQ A.
 */

/**
 * The development build's vault, when `VITE_CASHIER_VAULT_ORIGIN` is unset: the frame's own
 * protocol and host name, {@link DEVELOPMENT_VAULT_PORT_OFFSET} ports above the frame's port
 * (`npm start`: frame 127.0.0.1:4174, vault 127.0.0.1:4176). So every loopback setup that moves
 * its ports (the browser tests', the WebKit suite's, the benchmark's) moves the vault with them,
 * and still nothing the embedding page chooses decides it. A production build always names one origin.
 */
export const DEVELOPMENT_VAULT = 'development';

/** How many ports above the frame's the development vault listens (see {@link DEVELOPMENT_VAULT}). */
export const DEVELOPMENT_VAULT_PORT_OFFSET = 2;

/** The build's vault: a bare origin (`https://vault.example.com`), or {@link DEVELOPMENT_VAULT}. */
export type VaultOriginSetting = string;

/**
 * The vault origin the frame sends card data to: `setting` itself, or for {@link DEVELOPMENT_VAULT}
 * the origin derived from `frameLocation` (the frame document's own `location`, never anything the
 * host page passes). Undefined when a development frame's location has no port to count from
 * (build with `VITE_CASHIER_VAULT_ORIGIN` then): its card payments reject INVALID_ARGUMENT.
 */
export function resolveVaultOrigin(
  setting: VaultOriginSetting,
  frameLocation: { protocol: string; hostname: string; port: string },
): string | undefined {
  return setting === DEVELOPMENT_VAULT ? developmentOrigin(frameLocation, DEVELOPMENT_VAULT_PORT_OFFSET) : setting;
}

/**
 * A development build's origin `offset` ports above the frame's (`frameLocation`: the frame
 * document's own), on its protocol and host name; undefined when the location has no port.
 */
export function developmentOrigin(
  frameLocation: { protocol: string; hostname: string; port: string },
  offset: number,
): string | undefined {
  const port = Number(frameLocation.port);
  if (!Number.isInteger(port) || port <= 0) return undefined;
  return `${frameLocation.protocol}//${frameLocation.hostname}:${port + offset}`;
}
