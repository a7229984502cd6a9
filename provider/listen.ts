import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';

/** A running server: its URL and how to stop it. */
export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

/** A TLS key and certificate chain (PEM), to serve https instead of http. */
export interface TlsOptions {
  key: string;
  cert: string;
}

/**
 * Serves a Hono app on `hostname:port` (port 0 picks a free one), over https when `tls` is
 * given. Resolves once listening; rejects with the listen error (e.g. EADDRINUSE). `close()`
 * also ends open connections.
 */
export function listen(
  app: { fetch: Parameters<typeof serve>[0]['fetch'] },
  port: number,
  hostname: string,
  tls?: TlsOptions,
): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    const secure = tls ? { createServer: createHttpsServer, serverOptions: { key: tls.key, cert: tls.cert } } : {};
    const server = serve({ fetch: app.fetch, port, hostname, ...secure }, (info: AddressInfo) => {
      const host = hostname.includes(':') ? `[${hostname}]` : hostname;
      resolve({
        url: `${tls ? 'https' : 'http'}://${host}:${info.port}`,
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
