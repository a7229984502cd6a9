import { describe, expect, it } from 'vitest';
import { parseBootstrap, parseUpdate } from './parseBootstrap';

const good = {
  host: 'https://t.example',
  configuration: { appInstance: 'tok', msid: 'm' },
  theme: 'modal',
  debug: false,
  canRevalidate: true,
};

describe('parseBootstrap (untrusted host reply)', () => {
  it('keeps a well-formed reply', () => {
    expect(parseBootstrap(good)).toEqual(good);
  });
  it.each(['http://localhost:4175', 'http://127.0.0.1:4175/api'])('accepts plain http on loopback: %s', (host) => {
    expect(parseBootstrap({ ...good, host }).host).toBe(host);
  });
  it('keeps the locale as the host gave it (the widget falls back from a tag it does not ship)', () => {
    expect(parseBootstrap({ ...good, locale: 'de-AT' })).toEqual({ ...good, locale: 'de-AT' });
  });
  it('keeps holdExtensionOffer false (issue 37: the site turned the offer off); anything else is the default, left out', () => {
    expect(parseBootstrap({ ...good, holdExtensionOffer: false })).toEqual({ ...good, holdExtensionOffer: false });
    for (const other of [true, 'false', 0, null]) expect(parseBootstrap({ ...good, holdExtensionOffer: other })).toEqual(good);
  });
  it('drops unknown fields and treats a non-true canRevalidate as false', () => {
    expect(parseBootstrap({ ...good, extra: 1, canRevalidate: 'yes' })).toEqual({ ...good, canRevalidate: false });
  });
  it.each([
    { name: 'null', value: null, field: 'not an object' },
    { name: 'no host', value: { ...good, host: '' }, field: 'host' },
    { name: 'numeric host', value: { ...good, host: 443 }, field: 'host' },
    { name: 'relative host', value: { ...good, host: 't.example' }, field: 'host' },
    { name: 'plain-http host off loopback', value: { ...good, host: 'http://t.example' }, field: 'host' },
    { name: 'plain-http host on a look-alike name', value: { ...good, host: 'http://localhost.t.example' }, field: 'host' },
    { name: 'no configuration', value: { ...good, configuration: null }, field: 'configuration' },
    { name: 'empty appInstance', value: { ...good, configuration: { appInstance: '' } }, field: 'configuration.appInstance' },
    { name: 'numeric msid', value: { ...good, configuration: { appInstance: 't', msid: 1 } }, field: 'configuration.msid' },
    { name: 'theme missing', value: { ...good, theme: undefined }, field: 'theme' },
    { name: 'debug a string', value: { ...good, debug: 'true' }, field: 'debug' },
    { name: 'a numeric locale', value: { ...good, locale: 49 }, field: 'locale' },
  ])('$name → INVALID_RESPONSE naming $field', ({ value, field }) => {
    expect(() => parseBootstrap(value)).toThrow(
      expect.objectContaining({ code: 'INVALID_RESPONSE', message: expect.stringContaining(field) }),
    );
  });
});

describe('the buyer in the widget inputs, and parseUpdate (issue 13)', () => {
  it('keeps the buyer email and name, drops other keys', () => {
    const buyer = { email: 'ann@example.com', name: 'Ann', phone: '+1' };
    expect(parseBootstrap({ ...good, buyer }).buyer).toEqual({ email: 'ann@example.com', name: 'Ann' });
  });
  it.each([
    { name: 'a string', buyer: 'ann@example.com' },
    { name: 'a numeric email', buyer: { email: 1 } },
    { name: 'a name over 256 characters', buyer: { name: 'n'.repeat(257) } },
  ])('a buyer that is $name is INVALID_RESPONSE naming buyer', ({ buyer }) => {
    expect(() => parseBootstrap({ ...good, buyer })).toThrow(
      expect.objectContaining({ code: 'INVALID_RESPONSE', message: expect.stringContaining('buyer') }),
    );
  });
  it('parseUpdate keeps the given changes only', () => {
    const changes = { theme: 'inline', orderId: 'ord_2', buyer: { email: 'a@b.co' }, locale: 'he', host: 'https://x' };
    expect(parseUpdate(changes)).toEqual({
      theme: 'inline',
      orderId: 'ord_2',
      buyer: { email: 'a@b.co' },
      locale: 'he',
    });
    expect(parseUpdate({})).toEqual({});
  });
  it.each([
    { changes: null, field: 'the widget inputs' },
    { changes: { theme: 1 }, field: 'theme' },
    { changes: { orderId: '' }, field: 'orderId' },
    { changes: { locale: ['he'] }, field: 'locale' },
    { changes: { buyer: { email: 'e'.repeat(319) } }, field: 'buyer' },
  ])('parseUpdate($changes) is INVALID_ARGUMENT naming $field', ({ changes, field }) => {
    expect(() => parseUpdate(changes)).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT', message: `update: the change of ${field} is malformed.` }),
    );
  });
});
