import { createProviderApp, type ProviderOptions } from './createProviderApp';
import { listen, type RunningServer, type TlsOptions } from './listen';
import type { ProviderState } from './ProviderState';

/**
 * Starts the reference provider on loopback (hostname default 127.0.0.1; port 0 picks one), over
 * https when `tls` is given; with `vaultPort`, its card vault too, on that port of the same
 * hostname (its own origin: DESIGN "Security model"), sharing the state; its URL is the vault
 * origin of challenge pages unless `vaultOrigin` names another. `close()` stops both.
 * Rejects when a port is taken (and then leaves nothing listening).
 */
export async function startProvider(
  options: ProviderOptions & { port: number; hostname?: string; tls?: TlsOptions; vaultPort?: number },
): Promise<RunningServer & { state: ProviderState; vaultUrl?: string }> {
  const { app, vaultApp, state, webhooks, setVaultOrigin } = createProviderApp(options);
  const hostname = options.hostname ?? '127.0.0.1';
  const api = await listen(app, options.port, hostname, options.tls);
  // Closing stops the webhook retries still waiting too.
  const server = {
    ...api,
    close: () => {
      webhooks.close();
      return api.close();
    },
  };
  if (options.vaultPort === undefined) return { ...server, state };
  const vault = await listen(vaultApp, options.vaultPort, hostname, options.tls).catch(async (error: unknown) => {
    await server.close();
    throw error;
  });
  setVaultOrigin(vault.url);
  return {
    url: server.url,
    vaultUrl: vault.url,
    state,
    close: () => Promise.all([server.close(), vault.close()]).then(() => undefined),
  };
}
