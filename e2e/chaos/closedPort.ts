import { createServer } from 'node:net';

/** A frame URL on a loopback port nobody listens on (one the system just gave out and took back): a frame that never loads. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return `http://127.0.0.1:${port}/`;
}
