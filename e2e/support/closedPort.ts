import { createServer } from 'node:net';

/**
 * A TCP port on 127.0.0.1 that nothing listens on right now: one the system just gave out and
 * took back. A frame URL on it is a frame that never loads; WebKitWebDriver is started on one.
 */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((listening, failed) => {
    server.once('error', failed);
    server.listen(0, '127.0.0.1', listening);
  });
  const { port } = server.address() as { port: number };
  await new Promise((closed) => server.close(closed));
  return port;
}

/** A frame URL on a {@link closedPort}: a frame that never loads. */
export async function closedPortUrl(): Promise<string> {
  return `http://127.0.0.1:${await closedPort()}/`;
}
