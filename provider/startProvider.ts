import { createProviderApp, type ProviderOptions } from './createProviderApp';
import { listen, type RunningServer, type TlsOptions } from './listen';
import type { ProviderState } from './ProviderState';

/**
 * Starts the reference provider on loopback (hostname default 127.0.0.1; port 0 picks one), over
 * https when `tls` is given.
 * Rejects when the port is taken.
 */
export async function startProvider(
  options: ProviderOptions & { port: number; hostname?: string; tls?: TlsOptions },
): Promise<RunningServer & { state: ProviderState }> {
  const { app, state } = createProviderApp(options);
  const server = await listen(app, options.port, options.hostname ?? '127.0.0.1', options.tls);
  return { ...server, state };
}
