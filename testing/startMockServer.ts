import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getResponse, type RequestHandler } from 'msw';

/** Options of {@link startMockServer}. */
export interface MockServerOptions {
  /**
   * msw request handlers, e.g. `createMockProvider({ host: server.url }).handlers`. The array is
   * read at each request, so handlers may be pushed after the server started (once its `url` is known).
   */
  handlers: readonly RequestHandler[];
  /** Port on 127.0.0.1; default 0 (any free port). */
  port?: number;
}

/** A running {@link startMockServer}. */
export interface MockServer {
  /** `http://127.0.0.1:<port>`, where it listens. */
  url: string;
  /** Stops listening and ends open connections. */
  close(): Promise<void>;
}

async function toRequest(message: IncomingMessage, origin: string): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of message) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(message.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const body = chunks.length > 0 && message.method !== 'GET' && message.method !== 'HEAD' ? Buffer.concat(chunks) : undefined;
  return new Request(new URL(message.url ?? '/', origin), { method: message.method, headers, ...(body ? { body } : {}) });
}

/**
 * Serves msw handlers on 127.0.0.1, for a browser whose request routing cannot
 * read request bodies: Playwright 1.64 drives Firefox over WebDriver BiDi, where a routed
 * request's `postData()` is always null. Make the server's `url` the mock provider's `host`, and
 * start another at the port of a loopback `vaultOrigin` (a development frame's vault); route the
 * context through the same handlers as usual, and let a request whose body is hidden go on to the
 * server (`route.continue()`, same URL), which hands the handlers the request as the browser sent it. A request no handler answers gets 404. Node only.
 * @throws TypeError naming `handlers` or `port` when not valid; rejects when the port is taken.
 */
export async function startMockServer(options: MockServerOptions): Promise<MockServer> {
  if (typeof options !== 'object' || options === null || !Array.isArray(options.handlers)) {
    throw new TypeError('startMockServer: handlers must be an array of msw request handlers.');
  }
  const port = options.port ?? 0;
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new TypeError(`startMockServer: port must be 0–65535, got ${port}.`);
  const { handlers } = options;
  let url = '';
  const server = createServer(async (message, reply) => {
    try {
      const response = await getResponse([...handlers], await toRequest(message, url));
      if (!response) {
        reply.writeHead(404, { 'Content-Type': 'text/plain' }).end(`No mock handler for ${message.method} ${message.url}`);
        return;
      }
      reply.writeHead(response.status, Object.fromEntries(response.headers));
      reply.end(Buffer.from(await response.arrayBuffer()));
    } catch (error) {
      reply.writeHead(500, { 'Content-Type': 'text/plain' }).end(String(error));
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
