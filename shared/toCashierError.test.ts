import { AxiosError } from 'axios';
import { describe, expect, it } from 'vitest';
import { CashierError, ErrorCode } from './CashierError';
import { toCashierError } from './toCashierError';

describe('toCashierError: what is not an axios failure (issue 19)', () => {
  // Chromium's XHR refuses a header value by quoting it: a "token" that is an HTML error page
  // (a token fetch that never checked `r.ok`) would reach the host's onCrash in the message.
  const token = '<!doctype html>\n<title>502 Bad Gateway</title> secret-token-123';
  it.each([
    {
      name: 'the browser refusing the header',
      thrown: new DOMException(
        `Failed to execute 'setRequestHeader' on 'XMLHttpRequest': '${token}' is not a valid HTTP header field value.`,
        'SyntaxError',
      ),
      kind: 'a SyntaxError',
    },
    { name: 'a thrown string', thrown: token, kind: 'a thrown string' },
    { name: 'a huge Error', thrown: new Error(token.repeat(10_000)), kind: 'an Error' },
  ])('$name: NETWORK_ERROR whose message names the code and withholds the text, bounded', ({ thrown, kind }) => {
    const error = toCashierError(thrown);
    expect(error).toBeInstanceOf(CashierError);
    expect(error.code).toBe(ErrorCode.NetworkError);
    expect(error.message).toBe(`The request failed before any reply: ${kind} (NETWORK_ERROR; its message is withheld).`);
    for (const leak of ['secret-token-123', '<', 'doctype']) expect(error.message).not.toContain(leak);
  });

  it('an axios failure still says which request failed, and a CashierError passes unchanged', () => {
    const axiosError = new AxiosError('Network Error', 'ERR_NETWORK', { method: 'get', url: '/x' } as never);
    expect(toCashierError(axiosError).message).toBe('GET /x failed without a reply (ERR_NETWORK).');
    const own = new CashierError(ErrorCode.Timeout, 'late');
    expect(toCashierError(own)).toBe(own);
  });
});
