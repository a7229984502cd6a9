import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';

/** A running server: its URL and how to stop it. */
export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Serves a Hono app on `hostname:port` (port 0 picks a free one). Resolves once listening;
 * rejects with the listen error (e.g. EADDRINUSE). `close()` also ends open connections.
 */
export function listen(
  app: { fetch: Parameters<typeof serve>[0]['fetch'] },
  port: number,
  hostname: string,
): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port, hostname }, (info: AddressInfo) => {
      const host = hostname.includes(':') ? `[${hostname}]` : hostname;
      resolve({
        url: `http://${host}:${info.port}`,
        close: () =>
          new Promise<void>((done) => {
            if ('closeAllConnections' in server) server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
    server.once('error', reject);
  });
}
