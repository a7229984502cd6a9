import { DEVELOPMENT_VAULT, resolveVaultOrigin } from '../shared/vault';

/**
 * The card vault origin of a development frame served at `frameUrl` (`npm run build:dev`): the
 * frame's host name, two ports up (`http://127.0.0.1:47392/` → `http://127.0.0.1:47394`), for
 * `createMockProvider({ vaultOrigin })`. A production frame's vault is its build's
 * `VITE_CASHIER_VAULT_ORIGIN` instead.
 * @throws TypeError naming `frameUrl` when it is not an absolute URL with an explicit port.
 */
export function developmentVaultOrigin(frameUrl: string): string {
  let url: URL | undefined;
  try {
    url = new URL(frameUrl);
  } catch {
    url = undefined;
  }
  const origin = url && resolveVaultOrigin(DEVELOPMENT_VAULT, url);
  if (!origin)
    throw new TypeError(
      `developmentVaultOrigin: frameUrl must be an absolute URL with an explicit port, got ${String(frameUrl)}.`,
    );
  return origin;
}
