import { ProviderControl } from './provider';

// ProviderControl for test runners that have no Playwright request context (the WebKit suite
// under vitest): Node's fetch behind the few calls ProviderControl makes.

/** A reply as ProviderControl reads it (the part of Playwright's APIResponse it uses). */
export interface FetchResponse {
  ok(): boolean;
  status(): number;
  json(): Promise<unknown>;
}

/** The part of Playwright's APIRequestContext that ProviderControl uses. */
export interface FetchRequest {
  get(url: string, options?: { params?: Record<string, string>; headers?: Record<string, string> }): Promise<FetchResponse>;
  post(url: string, options?: { data?: unknown; headers?: Record<string, string> }): Promise<FetchResponse>;
}

async function reply(response: Response): Promise<FetchResponse> {
  const text = await response.text();
  return {
    ok: () => response.ok,
    status: () => response.status,
    json: async () => JSON.parse(text),
  };
}

/** `get` with `params` as the query string and `headers`, `post` with `data` as a JSON body and `headers`; never throws on an HTTP status. */
export const fetchRequest: FetchRequest = {
  async get(url, { params = {}, headers = {} } = {}) {
    const target = new URL(url);
    for (const [name, value] of Object.entries(params)) target.searchParams.set(name, value);
    return reply(await fetch(target, { headers }));
  },
  async post(url, { data, headers = {} } = {}) {
    return reply(
      await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(data),
      }),
    );
  },
};

/**
 * A ProviderControl over {@link fetchRequest}. The cast is the one place the structural type
 * stands in for Playwright's: ProviderControl calls only `get`/`post` and `ok`/`status`/`json`.
 */
export function fetchProviderControl(): ProviderControl {
  return new ProviderControl(fetchRequest as unknown as ConstructorParameters<typeof ProviderControl>[0]);
}
