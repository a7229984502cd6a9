import { createProviderApp, type ProviderOptions } from './createProviderApp';
import { listen, type RunningServer } from './listen';
import type { ProviderState } from './ProviderState';

/**
 * Starts the reference provider on loopback (hostname default 127.0.0.1; port 0 picks one).
 * Rejects when the port is taken.
 */
export async function startProvider(
  options: ProviderOptions & { port: number; hostname?: string },
): Promise<RunningServer & { state: ProviderState }> {
  const { app, state } = createProviderApp(options);
  const server = await listen(app, options.port, options.hostname ?? '127.0.0.1');
  return { ...server, state };
}
