import { DEBUG_BUNDLE_PATH, expect, MIN_BUNDLE_PATH, openAndMount, test, waitForEvent } from './support/test';

// Spec 2: a debug query parameter on the host page URL loads the unminified bundle.
const cases = [
  { name: 'no debug parameter', query: '', options: {}, expected: MIN_BUNDLE_PATH },
  { name: '?debug', query: '?debug', options: {}, expected: DEBUG_BUNDLE_PATH },
  { name: '?debug=true', query: '?debug=true', options: {}, expected: DEBUG_BUNDLE_PATH },
  { name: '?debug=false', query: '?debug=false', options: {}, expected: MIN_BUNDLE_PATH },
  { name: 'debug: true option', query: '', options: { debug: true }, expected: DEBUG_BUNDLE_PATH },
];

for (const c of cases) {
  test(`${c.name} → ${c.expected.split('/').pop()}`, async ({ page, provider }) => {
    await openAndMount(page, c.options, c.query);
    await waitForEvent(page, 'apiInit');
    const other = c.expected === MIN_BUNDLE_PATH ? DEBUG_BUNDLE_PATH : MIN_BUNDLE_PATH;
    expect(await provider.requests(c.expected)).toHaveLength(1);
    expect(await provider.requests(other)).toHaveLength(0);
  });
}
