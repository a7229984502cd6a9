import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CashierError } from './CashierError';
import { PAYMENTS_CHECKOUT_BASE_PATH } from './paths';
import { createProviderApi, type ProviderApi } from './providerApi';
import { createProviderClient } from './providerClient';

// The locale metadata and buyer country replies (issue 23 item 7) pass a guard
// (providerBodies.ts) before the card form reads them: what fits passes as it came, what does
// not is INVALID_RESPONSE naming the operation.

const host = 'https://tickets.example.com';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const api = (): ProviderApi => createProviderApi(createProviderClient({ host, getAppInstance: () => 't' }).request);
const answerWith = (reply: unknown) =>
  server.use(
    http.all(`${host}${PAYMENTS_CHECKOUT_BASE_PATH}/*`, () =>
      HttpResponse.json(reply as Parameters<typeof HttpResponse.json>[0]),
    ),
  );

const US = {
  country: 'US',
  postalCode: { pattern: '^(?:(\\d{5})(?:[ \\-](\\d{4}))?)$', label: 'zip', example: '95014' },
  subdivision: { type: 'ADMINISTRATIVE_AREA_LEVEL_1', label: 'state' },
};
const state = { code: 'CA', name: 'California', type: 'ADMINISTRATIVE_AREA_LEVEL_1' };

describe('replies that fit pass as they came', () => {
  it.each([
    { name: 'getCountries', call: (a: ProviderApi) => a.getCountries(), reply: { countries: ['DE', 'US'] } },
    { name: 'getAddressFormat (US)', call: (a: ProviderApi) => a.getAddressFormat('US'), reply: US },
    {
      name: 'getAddressFormat (AE, no postal code)',
      call: (a: ProviderApi) => a.getAddressFormat('AE'),
      reply: { country: 'AE' },
    },
    { name: 'getStates', call: (a: ProviderApi) => a.getStates('US'), reply: { states: [state] } },
    { name: 'getStates (none)', call: (a: ProviderApi) => a.getStates('DE'), reply: { states: [] } },
    { name: 'getLanguages', call: (a: ProviderApi) => a.getLanguages(), reply: { languages: ['en', 'pt-BR'] } },
    { name: 'getMultilingualLanguages', call: (a: ProviderApi) => a.getMultilingualLanguages(), reply: { languages: ['en'] } },
    { name: 'resolveBuyerCountry (placed)', call: (a: ProviderApi) => a.resolveBuyerCountry(), reply: { country: 'DE' } },
    { name: 'resolveBuyerCountry (null)', call: (a: ProviderApi) => a.resolveBuyerCountry(), reply: { country: null } },
  ])('$name', async ({ call, reply }) => {
    answerWith(reply);
    await expect(call(api())).resolves.toEqual(reply);
  });
});

describe('replies that do not fit → INVALID_RESPONSE naming the operation', () => {
  const rows: { name: keyof ProviderApi; call: (a: ProviderApi) => Promise<unknown>; reply: unknown; message: RegExp }[] = [
    { name: 'getCountries', call: (a) => a.getCountries(), reply: ['US'], message: /an array instead of a countries reply/ },
    {
      name: 'getCountries',
      call: (a) => a.getCountries(),
      reply: { countries: 'US' },
      message: /instead of a list of countries/,
    },
    { name: 'getCountries', call: (a) => a.getCountries(), reply: { countries: ['US', 1] }, message: /countries \[1\]/ },
    { name: 'getAddressFormat', call: (a) => a.getAddressFormat('US'), reply: { ...US, country: 1 }, message: /string country/ },
    {
      name: 'getAddressFormat',
      call: (a) => a.getAddressFormat('US'),
      reply: { ...US, postalCode: { ...US.postalCode, pattern: '(\\d{5}' } },
      message: /not a regular expression/,
    },
    {
      name: 'getAddressFormat',
      call: (a) => a.getAddressFormat('US'),
      reply: { ...US, postalCode: { ...US.postalCode, label: 'postcode' } },
      message: /unknown label "postcode"/,
    },
    {
      name: 'getAddressFormat',
      call: (a) => a.getAddressFormat('US'),
      reply: { ...US, postalCode: { pattern: '.*', label: 'zip' } },
      message: /string example/,
    },
    {
      name: 'getAddressFormat',
      call: (a) => a.getAddressFormat('US'),
      reply: { ...US, postalCode: '5 digits' },
      message: /postal code/,
    },
    {
      name: 'getAddressFormat',
      call: (a) => a.getAddressFormat('US'),
      reply: { ...US, subdivision: { type: 'STATE', label: 'state' } },
      message: /unknown type "STATE"/,
    },
    {
      name: 'getAddressFormat',
      call: (a) => a.getAddressFormat('US'),
      reply: { ...US, subdivision: { type: 'ADMINISTRATIVE_AREA_LEVEL_1', label: 'canton' } },
      message: /unknown label "canton"/,
    },
    { name: 'getStates', call: (a) => a.getStates('US'), reply: [state], message: /instead of a states reply/ },
    { name: 'getStates', call: (a) => a.getStates('US'), reply: { states: null }, message: /list of states/ },
    {
      name: 'getStates',
      call: (a) => a.getStates('US'),
      reply: { states: [state, { ...state, code: '' }] },
      message: /state \[1\]/,
    },
    {
      name: 'getStates',
      call: (a) => a.getStates('US'),
      reply: { states: [{ ...state, type: 'X' }] },
      message: /unknown type "X"/,
    },
    { name: 'getLanguages', call: (a) => a.getLanguages(), reply: { languages: [{ code: 'en' }] }, message: /languages \[0\]/ },
    {
      name: 'getMultilingualLanguages',
      call: (a) => a.getMultilingualLanguages(),
      reply: {},
      message: /instead of a list of languages/,
    },
    {
      name: 'resolveBuyerCountry',
      call: (a) => a.resolveBuyerCountry(),
      reply: { countryCode: 'DE' },
      message: /neither a string nor null/,
    },
    {
      name: 'resolveBuyerCountry',
      call: (a) => a.resolveBuyerCountry(),
      reply: { country: '' },
      message: /neither a string nor null/,
    },
  ];
  it.each(rows)('$name replying $reply', async ({ name, call, reply, message }) => {
    answerWith(reply);
    const error = await call(api()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CashierError);
    expect((error as CashierError).code).toBe('INVALID_RESPONSE');
    expect((error as CashierError).message).toMatch(new RegExp(`^${name}: `));
    expect((error as CashierError).message).toMatch(message);
  });
});
