import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { historyReferences } from '../host-sdk/build/historyReferences';

// What a site reads says how the widget behaves, not how it came to be: the README and every
// document the package ships (package.json `files`) name no issue and no review finding; that
// history is in docs/development.md. The JSDoc in the published .d.ts is checked where it is
// emitted (host-sdk/build/bundleTypes.ts fails the build).
const root = resolve(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { files: string[] };
const SITE_DOCS = ['README.md', ...pkg.files.filter((file) => file.endsWith('.md'))];

describe('the docs a site reads name no project history', () => {
  it('ships the guides a site reads', () => {
    expect(SITE_DOCS).toEqual(
      expect.arrayContaining([
        'README.md',
        'docs/integration.md',
        'docs/deploy.md',
        'docs/accessibility.md',
        'docs/languages.md',
      ]),
    );
  });

  it.each(SITE_DOCS)('%s', (doc) => {
    expect(historyReferences(readFileSync(resolve(root, doc), 'utf8'))).toEqual([]);
  });

  // The product spec is ours, not a site's: its section numbers mean nothing to a reader of the guides
  // (the code's doc comments name them for the maintainers).
  it.each(SITE_DOCS)('%s names no section of our spec', (doc) => {
    const lines = readFileSync(resolve(root, doc), 'utf8').split('\n');
    expect(lines.filter((line) => /\bspec(?: section)? \d/i.test(line))).toEqual([]);
  });
});

describe('historyReferences', () => {
  it.each([
    { text: 'called once per payment (a PayPal or wallet button, issue 25) when it settles', found: true },
    { text: 'The mock mode (issue 13)', found: true },
    { text: 'issues 22 and 23', found: true },
    { text: 'since the ways-to-pay issue the bundle', found: true },
    { text: 'as the vault issue asked', found: true },
    { text: 'the pinned bundle URLs (security review M2)', found: true },
    { text: 'a change it made (issue)', found: true },
    { text: 'Open an issue with the language, the message and the better words.', found: false },
    { text: 'The provider issued this token for the site.', found: false },
    { text: 'spec 7, section 4: 20 000 ms', found: false },
    { text: 'the catalogs (shared/locales.ts) hold them', found: true },
    { text: 'see `provider/savedCards.ts`', found: true },
    { text: 'e2e/vault.spec.ts proves it', found: true },
    { text: 'the shipped dist/frame-app/.vite/cashier-frame.json names it', found: false },
    { text: "import { verifyWebhook } from 'cashier-widget/server'", found: false },
    { text: 'node_modules/cashier-widget/dist/host-sdk/index.js', found: false },
  ])('$text: $found', ({ text, found }) => {
    expect(historyReferences(`first line\n${text}`)).toEqual(found ? [`2: ${text}`] : []);
  });
});
