/**
 * Ports of the servers the browser tests start (playwright.config.ts): host, frame, provider and
 * the provider's card vault on four consecutive ports from `CASHIER_E2E_PORT_BASE` (default 4273;
 * the vault two above the frame, where the development frame looks for it: shared/vault.ts), so a
 * second checkout can run its browser tests beside this one; the fifth, `attacker`, is the
 * third-party site that some specs start themselves (support/attackerSite.ts).
 */
const base = Number(process.env.CASHIER_E2E_PORT_BASE ?? 4273);
if (!Number.isInteger(base) || base <= 0 || base > 65532) {
  throw new TypeError(`CASHIER_E2E_PORT_BASE must be a port number up to 65532, got ${process.env.CASHIER_E2E_PORT_BASE}`);
}
export const E2E_PORTS = { host: base, frame: base + 1, provider: base + 2, vault: base + 3, attacker: base + 4 } as const;

/** The host page's origin: `localhost`, a different site from the frame's `127.0.0.1`. */
export const HOST_ORIGIN = `http://localhost:${E2E_PORTS.host}`;
export const FRAME_ORIGIN = `http://127.0.0.1:${E2E_PORTS.frame}`;
export const PROVIDER_ORIGIN = `http://127.0.0.1:${E2E_PORTS.provider}`;
/** The provider's card vault: where the frame sends card data, and nowhere else (DESIGN "Security model"). */
export const VAULT_ORIGIN = `http://127.0.0.1:${E2E_PORTS.vault}`;
/**
 * A third site, neither the host's (`localhost`) nor the frame's (`127.0.0.1`): the IPv6 loopback
 * address, which the host server already needs, so it runs wherever the other servers do.
 */
export const ATTACKER_ORIGIN = `http://[::1]:${E2E_PORTS.attacker}`;

/** The app instance token the reference provider accepts by default. */
export const APP_INSTANCE = 'demo-app-instance';
