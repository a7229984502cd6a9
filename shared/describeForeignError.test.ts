import { describe, expect, it } from 'vitest';
import { ErrorCode } from './CashierError';
import { describeForeignError } from './describeForeignError';

// Issue 19: a message from outside our code (an HTML page, a token) never reaches the host.
const PAGE = `<!doctype html><html><body>${'x'.repeat(5000)} Bearer secret-token-123</body></html>`;

describe('describeForeignError', () => {
  it.each([
    { name: 'a TypeError', thrown: new TypeError(PAGE), kind: 'a TypeError' },
    { name: 'a DOMException', thrown: new DOMException(PAGE, 'SyntaxError'), kind: 'a SyntaxError' },
    { name: 'an AbortError', thrown: new DOMException(PAGE, 'AbortError'), kind: 'an AbortError' },
    { name: 'a name the thrower chose', thrown: Object.assign(new Error(PAGE), { name: 'secret-token-123' }), kind: 'an error' },
    {
      name: 'the longest name that passes',
      thrown: Object.assign(new Error(PAGE), { name: `A${'b'.repeat(30)}Exception` }),
      kind: `an A${'b'.repeat(30)}Exception`,
    },
    { name: 'a plain object', thrown: { message: PAGE }, kind: 'an error' },
    { name: 'a string', thrown: PAGE, kind: 'a thrown string' },
    { name: 'undefined', thrown: undefined, kind: 'a thrown undefined' },
  ])('$name: names its kind and the code, never its text', ({ thrown, kind }) => {
    const text = describeForeignError(thrown, ErrorCode.PaymentOpenForAnotherOrder);
    expect(text).toBe(`${kind} (PAYMENT_OPEN_FOR_ANOTHER_ORDER; its message is withheld)`);
    expect(text.length).toBeLessThanOrEqual(110);
  });
});
