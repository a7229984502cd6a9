import { describe, expect, it } from 'vitest';
import { ProviderPaths, SUPPORTED_LOCALES } from '../shared';
import { CONTROL_KEY_HEADER } from './controlRoutes';
import { createProviderApp, DEMO_APP_INSTANCE } from './createProviderApp';

// The locale metadata and buyer country paths of spec 7 (issue 23 item 7), in process.

const FRAME = 'http://127.0.0.1:4174';
const KEY = 'locale-test-control-key-0123456789abcdef';
const fixtures = new URL('../e2e/fixtures/statics', import.meta.url).pathname;
const provider = () =>
  createProviderApp({ publicUrl: 'http://127.0.0.1:4175', frameOrigins: [FRAME], staticsDir: fixtures, controlKey: KEY }).app;
type App = ReturnType<typeof provider>;
/** A GET as the frame makes it, with `token` as Authorization (none for null). */
const get = (app: App, path: string, token: string | null = DEMO_APP_INSTANCE) =>
  app.request(path, { headers: { Origin: FRAME, ...(token === null ? {} : { Authorization: token }) } });
const control = (app: App, path: string, body: unknown, key = KEY) =>
  app.request(path, {
    method: 'POST',
    headers: { Host: 'localhost', 'Content-Type': 'application/json', [CONTROL_KEY_HEADER]: key },
    body: JSON.stringify(body),
  });
const code = (body: unknown) => (body as { details: { applicationError: { code: string } } }).details.applicationError.code;

const P = ProviderPaths;
const BILLING_COUNTRIES = 'AE AT AU BE BR CA CH DE EG ES FR GB IE IL IT JP NL PL PT SA SE US'.split(' ');

describe('locale metadata', () => {
  it('countries: the billing countries, the twelve locales’ own and US, CA, GB, AU among them', async () => {
    const res = await get(provider(), P.localeCountries);
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(FRAME);
    expect(await res.json()).toEqual({ countries: BILLING_COUNTRIES });
  });

  it.each([
    {
      country: 'US',
      format: {
        country: 'US',
        postalCode: { pattern: '^(?:(\\d{5})(?:[ \\-](\\d{4}))?)$', label: 'zip', example: '95014' },
        subdivision: { type: 'ADMINISTRATIVE_AREA_LEVEL_1', label: 'state' },
      },
    },
    { country: 'DE', format: { country: 'DE', postalCode: { pattern: '^(?:\\d{5})$', label: 'postal', example: '26133' } } },
    { country: 'GB', format: { country: 'GB', postalCode: expect.objectContaining({ label: 'postal', example: 'EC1Y 8SY' }) } },
    { country: 'IE', format: { country: 'IE', postalCode: expect.objectContaining({ label: 'postal', example: 'A65 F4E2' }) } },
    { country: 'AE', format: { country: 'AE', subdivision: { type: 'ADMINISTRATIVE_AREA_LEVEL_1', label: 'emirate' } } },
    {
      country: 'jp',
      format: {
        country: 'JP',
        postalCode: { pattern: '^(?:\\d{3}-?\\d{4})$', label: 'postal', example: '154-0023' },
        subdivision: { type: 'ADMINISTRATIVE_AREA_LEVEL_1', label: 'prefecture' },
      },
    },
    {
      country: 'CA',
      format: expect.objectContaining({ subdivision: { type: 'ADMINISTRATIVE_AREA_LEVEL_1', label: 'province' } }),
    },
  ])('address of $country: the format libaddressinput gives', async ({ country, format }) => {
    const res = await get(provider(), P.localeAddress(country));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(format);
  });

  it.each([
    { name: 'unknown country', country: 'XK', status: 404, code: 'COUNTRY_NOT_SUPPORTED' },
    { name: 'three letters', country: 'USA', status: 400, code: 'INVALID_COUNTRY_CODE' },
    { name: 'digits', country: '12', status: 400, code: 'INVALID_COUNTRY_CODE' },
    { name: 'an inherited name', country: 'constructor', status: 400, code: 'INVALID_COUNTRY_CODE' },
  ])('address and states of an $name → $status $code', async ({ country, status, code: expected }) => {
    for (const path of [P.localeAddress(country), P.localeStates(country)]) {
      const res = await get(provider(), path);
      expect(res.status).toBe(status);
      expect(code(await res.json())).toBe(expected);
    }
  });

  it('states of the US: all 62 of libaddressinput (states, DC, territories, armed forces), first level', async () => {
    const { states } = (await (await get(provider(), P.localeStates('US'))).json()) as { states: unknown[] };
    expect(states).toHaveLength(62);
    expect(states).toContainEqual({ code: 'CA', name: 'California', type: 'ADMINISTRATIVE_AREA_LEVEL_1' });
    expect(states).toContainEqual({ code: 'DC', name: 'District of Columbia', type: 'ADMINISTRATIVE_AREA_LEVEL_1' });
  });

  it.each([
    { country: 'JP', count: 47, one: { code: '東京都', name: '東京都' } },
    { country: 'CA', count: 13, one: { code: 'QC', name: 'Quebec' } },
    { country: 'AU', count: 9, one: { code: 'NSW', name: 'New South Wales' } },
    { country: 'BR', count: 27, one: { code: 'SP', name: 'São Paulo' } },
    { country: 'IT', count: 107, one: { code: 'MI', name: 'Milano' } },
    { country: 'ES', count: 52, one: { code: 'M', name: 'Madrid' } },
    { country: 'AE', count: 7, one: { code: 'عجمان', name: 'عجمان' } },
  ])('states of $country: $count, codes as the post writes them, names in the country’s language', async (row) => {
    const { states } = (await (await get(provider(), P.localeStates(row.country))).json()) as { states: unknown[] };
    expect(states).toHaveLength(row.count);
    expect(states).toContainEqual({ ...row.one, type: 'ADMINISTRATIVE_AREA_LEVEL_1' });
  });

  it.each(['DE', 'GB', 'IL', 'EG', 'IE'])('states of %s, whose format has no subdivision: an empty list', async (country) => {
    const res = await get(provider(), P.localeStates(country));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ states: [] });
  });

  it.each([P.localeLanguages, P.localeMultilingualLanguages])('%s: the widget’s twelve locales', async (path) => {
    expect(await (await get(provider(), path)).json()).toEqual({
      languages: ['en', 'de', 'fr', 'es', 'it', 'nl', 'pt-BR', 'pl', 'sv', 'ja', 'he', 'ar'],
    });
    expect(SUPPORTED_LOCALES).toHaveLength(12);
  });

  it.each([
    P.localeCountries,
    P.localeAddress('US'),
    P.localeStates('US'),
    P.localeLanguages,
    P.localeMultilingualLanguages,
    P.buyerCountry,
  ])('%s without a known app instance → 401 UNAUTHORIZED', async (path) => {
    for (const token of [null, 'nope']) {
      const res = await get(provider(), path, token);
      expect(res.status).toBe(401);
      expect(code(await res.json())).toBe('UNAUTHORIZED');
    }
  });
});

describe('buyer country', () => {
  const buyerCountry = async (app: App) => (await get(app, P.buyerCountry)).json();

  it('is null by default (a loopback caller cannot be placed), whatever Accept-Language says', async () => {
    const app = provider();
    const res = await app.request(P.buyerCountry, { headers: { Authorization: DEMO_APP_INSTANCE, 'Accept-Language': 'de-DE' } });
    expect(await res.json()).toEqual({ country: null });
  });

  it('is set by POST /__control/buyer-country (upper-cased), cleared by null and by /__control/reset', async () => {
    const app = provider();
    expect(await (await control(app, '/__control/buyer-country', { country: 'de' })).json()).toEqual({ country: 'DE' });
    expect(await buyerCountry(app)).toEqual({ country: 'DE' });
    await control(app, '/__control/buyer-country', { country: null });
    expect(await buyerCountry(app)).toEqual({ country: null });
    await control(app, '/__control/buyer-country', { country: 'JP' });
    await control(app, '/__control/reset', {});
    expect(await buyerCountry(app)).toEqual({ country: null });
  });

  it.each([{ country: 'DEU' }, { country: 7 }, {}])(
    'the control route refuses %j with 400 BAD_COUNTRY and changes nothing',
    async (body) => {
      const app = provider();
      await control(app, '/__control/buyer-country', { country: 'FR' });
      const res = await control(app, '/__control/buyer-country', body);
      expect(res.status).toBe(400);
      expect(code(await res.json())).toBe('BAD_COUNTRY');
      expect(await buyerCountry(app)).toEqual({ country: 'FR' });
    },
  );

  it('the control route needs the control key, like every other', async () => {
    const app = provider();
    const res = await control(app, '/__control/buyer-country', { country: 'DE' }, `${KEY}x`);
    expect(res.status).toBe(403);
    expect(await buyerCountry(app)).toEqual({ country: null });
  });
});
