// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { validateOptions } from './validateOptions';

const TOKEN = 'secret-token-123';
const good = () => ({ host: 'https://tickets.example.com', configuration: { appInstance: TOKEN } });
const attached = () => document.body.appendChild(document.createElement('div'));

afterEach(() => {
  document.body.innerHTML = '';
});

describe('validateOptions', () => {
  const badCases: { name: string; el?: () => unknown; opts: () => unknown; message: string }[] = [
    { name: 'no element', el: () => undefined, opts: good, message: 'el must be an HTMLElement (got undefined)' },
    { name: 'a string as element', el: () => '#cashier', opts: good, message: 'el must be an HTMLElement (got "#cashier")' },
    {
      name: 'a text node',
      el: () => document.createTextNode('x'),
      opts: good,
      message: 'el must be an HTMLElement (got an object)',
    },
    {
      name: 'a detached element',
      el: () => document.createElement('div'),
      opts: good,
      message: 'el must be attached to the document (got a detached element)',
    },
    { name: 'opts missing', opts: () => undefined, message: 'opts must be an object (got undefined)' },
    { name: 'opts null', opts: () => null, message: 'opts must be an object (got null)' },
    {
      name: 'no host',
      opts: () => ({ ...good(), host: undefined }),
      message: 'opts.host must be an https URL (http only on localhost, 127.0.0.1) (got undefined)',
    },
    {
      name: 'relative host',
      opts: () => ({ ...good(), host: 'tickets' }),
      message: 'opts.host must be an https URL (http only on localhost, 127.0.0.1) (got "tickets")',
    },
    {
      name: 'ftp host',
      opts: () => ({ ...good(), host: 'ftp://x.example' }),
      message: 'opts.host must be an https URL (http only on localhost, 127.0.0.1) (got "ftp://x.example")',
    },
    {
      name: 'no configuration',
      opts: () => ({ ...good(), configuration: undefined }),
      message: 'opts.configuration must be an object (got undefined)',
    },
    {
      name: 'no appInstance',
      opts: () => ({ ...good(), configuration: {} }),
      message: 'opts.configuration.appInstance must be a non-empty string (got undefined)',
    },
    {
      name: 'empty appInstance',
      opts: () => ({ ...good(), configuration: { appInstance: '' } }),
      message: 'opts.configuration.appInstance must be a non-empty string (got a blank string)',
    },
    {
      name: 'numeric appInstance',
      opts: () => ({ ...good(), configuration: { appInstance: 987654321 } }),
      message: 'opts.configuration.appInstance must be a non-empty string (got a number)',
    },
    {
      name: 'numeric msid',
      opts: () => ({ ...good(), configuration: { appInstance: TOKEN, msid: 7 } }),
      message: 'opts.configuration.msid must be a string if given (got 7)',
    },
    { name: 'numeric theme', opts: () => ({ ...good(), theme: 42 }), message: 'opts.theme must be a string if given (got 42)' },
    {
      name: 'string debug',
      opts: () => ({ ...good(), debug: 'yes' }),
      message: 'opts.debug must be a boolean if given (got "yes")',
    },
    {
      name: 'onApiInit not a function',
      opts: () => ({ ...good(), onApiInit: 42 }),
      message: 'opts.onApiInit must be a function if given (got 42)',
    },
    {
      name: 'onCrash not a function',
      opts: () => ({ ...good(), onCrash: 'yes' }),
      message: 'opts.onCrash must be a function if given (got "yes")',
    },
    {
      name: 'revalidateAppInstance not a function',
      opts: () => ({ ...good(), revalidateAppInstance: {} }),
      message: 'opts.revalidateAppInstance must be a function if given (got an object)',
    },
    {
      name: 'onSlow not a function',
      opts: () => ({ ...good(), onSlow: [] }),
      message: 'opts.onSlow must be a function if given (got an array)',
    },
    {
      name: 'onHoldExpired not a function',
      opts: () => ({ ...good(), onHoldExpired: 'later' }),
      message: 'opts.onHoldExpired must be a function if given (got "later")',
    },
    {
      name: 'onHoldExtended not a function (issue 37)',
      opts: () => ({ ...good(), onHoldExtended: 'later' }),
      message: 'opts.onHoldExtended must be a function if given (got "later")',
    },
    {
      name: 'holdExtensionOffer not a boolean (issue 37)',
      opts: () => ({ ...good(), holdExtensionOffer: 'no' }),
      message: 'opts.holdExtensionOffer must be a boolean if given (got "no")',
    },
    {
      name: 'onPaymentResult not a function',
      opts: () => ({ ...good(), onPaymentResult: { status: 'APPROVED' } }),
      message: 'opts.onPaymentResult must be a function if given (got an object)',
    },
    ...(['onChange', 'onFocus', 'onBlur', 'onEscape'] as const).map((name) => ({
      name: `${name} not a function (issue 36)`,
      opts: () => ({ ...good(), [name]: true }),
      message: `opts.${name} must be a function if given (got true)`,
    })),
    {
      name: 'frameUrl not a URL',
      opts: () => ({ ...good(), frameUrl: '/frame' }),
      message: 'opts.frameUrl must be an https URL (http only on localhost, 127.0.0.1) if given (got "/frame")',
    },
    {
      name: 'plain-http host on a public name',
      opts: () => ({ ...good(), host: 'http://tickets.example.com' }),
      message: 'opts.host must be an https URL (http only on localhost, 127.0.0.1) (got "http://tickets.example.com")',
    },
    {
      name: 'plain-http host on a look-alike of localhost',
      opts: () => ({ ...good(), host: 'http://localhost.example.com' }),
      message: 'opts.host must be an https URL (http only on localhost, 127.0.0.1) (got "http://localhost.example.com")',
    },
    {
      name: 'plain-http frameUrl on a public name',
      opts: () => ({ ...good(), frameUrl: 'http://cdn.example.com/cashier/' }),
      message:
        'opts.frameUrl must be an https URL (http only on localhost, 127.0.0.1) if given (got "http://cdn.example.com/cashier/")',
    },
    {
      name: 'buyer a string',
      opts: () => ({ ...good(), buyer: 'ann@example.com' }),
      message: 'opts.buyer must be an object { email?, name? } if given (got "ann@example.com")',
    },
    {
      name: 'buyer an array',
      opts: () => ({ ...good(), buyer: [] }),
      message: 'opts.buyer must be an object { email?, name? } if given (got an array)',
    },
    {
      name: 'buyer email not a string',
      opts: () => ({ ...good(), buyer: { email: 42 } }),
      message: 'opts.buyer.email must be a string of at most 318 characters if given (got 42)',
    },
    {
      name: 'buyer name too long',
      opts: () => ({ ...good(), buyer: { name: 'n'.repeat(257) } }),
      message: 'opts.buyer.name must be a string of at most 256 characters if given (got 257 characters)',
    },
    {
      name: 'locale a number',
      opts: () => ({ ...good(), locale: 42 }),
      message: 'opts.locale must be a well-formed BCP 47 language tag if given (got 42)',
    },
    {
      name: 'locale with an underscore (not BCP 47)',
      opts: () => ({ ...good(), locale: 'en_US' }),
      message: 'opts.locale must be a well-formed BCP 47 language tag if given (got "en_US")',
    },
    {
      name: 'locale empty',
      opts: () => ({ ...good(), locale: '' }),
      message: 'opts.locale must be a well-formed BCP 47 language tag if given (got "")',
    },
    {
      name: 'locale a list',
      opts: () => ({ ...good(), locale: ['de'] }),
      message: 'opts.locale must be a well-formed BCP 47 language tag if given (got an array)',
    },
    {
      name: 'buyer with another key',
      opts: () => ({ ...good(), buyer: { phone: '+1 555' } }),
      message: 'opts.buyer must be an object with email and name only (got key "phone")',
    },
  ];

  it.each(badCases)('$name → TypeError: $message', ({ el, opts, message }) => {
    const call = () => validateOptions(el ? el() : attached(), opts());
    expect(call).toThrow(TypeError);
    expect(call).toThrow(`mountCashier: ${message}`);
  });

  it('never shows the app instance token, even when another option is wrong', () => {
    const opts = { ...good(), configuration: { appInstance: TOKEN, msid: {} } };
    let message = '';
    try {
      validateOptions(attached(), opts);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('opts.configuration.msid');
    expect(message).not.toContain(TOKEN);
  });

  it('accepts a full set of good options, and an element of another realm (checked by shape)', () => {
    const full = {
      ...good(),
      configuration: { appInstance: TOKEN, msid: 'b1e0c2a4-6f3d-4c9e-9a8b-2d5f7e1c3a90' },
      theme: 'modal',
      debug: false,
      onApiInit: () => {},
      onCrash: () => {},
      revalidateAppInstance: async () => 'fresh',
      onSlow: () => {},
      frameUrl: 'http://127.0.0.1:4174/',
      orderId: 'ord_1',
      buyer: { email: `${'a'.repeat(64)}@${'d'.repeat(249)}.com`, name: 'n'.repeat(256) },
      locale: 'de-AT',
    };
    expect(() => validateOptions(attached(), full)).not.toThrow();
    const foreign = { nodeType: 1, appendChild: () => {}, isConnected: true };
    expect(() => validateOptions(foreign, good())).not.toThrow();
  });

  it.each([
    { host: 'http://localhost:4175', frameUrl: 'http://127.0.0.1:4174/' },
    { host: 'http://127.0.0.1:4175/api', frameUrl: 'http://localhost:4174/frame/' },
    { host: 'https://tickets.example.com', frameUrl: 'https://cdn.example.com/cashier/' },
  ])('accepts host $host and frameUrl $frameUrl (https, or plain http on loopback)', ({ host, frameUrl }) => {
    expect(() => validateOptions(attached(), { ...good(), host, frameUrl })).not.toThrow();
  });

  it.each(['de', 'pt-PT', 'EN-us', 'zz', 'iw', 'de-AT-x-shop'])(
    'accepts locale %s: well formed, shipped or not (the widget falls back)',
    (locale) => {
      expect(() => validateOptions(attached(), { ...good(), locale })).not.toThrow();
    },
  );
});
