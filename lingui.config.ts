import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';
import { SUPPORTED_LOCALES } from './shared/locales';

/**
 * The widget's translation catalogs (issue 23), one PO file per language, extracted from the
 * source by `npm run i18n:extract` (Lingui's `msg`/`t` macros; English is the source language and
 * its catalog holds the English text). Four catalogs, so that each loads only what it needs:
 * - `widget/locales/`: every word of the reference bundle; the chosen language's file is
 *   a chunk of its own, fetched beside the bundle (English is in the bundle);
 * - `widget/savedCards/locales/`: the saved cards' words (issue 25), loaded with the
 *   saved-cards chunk only when a member has saved cards (English in that chunk, the others each a
 *   chunk of its own), so they add nothing to the bundle's 25 kB;
 * - `widget/paypal/locales/`: the PayPal panel's words (issue 25), loaded with the PayPal
 *   chunk only for an order that offers PayPal (English in that chunk, the others each a chunk of
 *   their own); the method's label "PayPal", which the bundle shows among the choices, stays in
 *   the bundle's catalog;
 * - `widget/wallets/locales/`: the Apple Pay and Google Pay buttons' words (issue 25 item
 *   4), loaded with the wallets chunk only when the order offers a wallet the browser can pay with;
 * - `widget/localMethods/redirect/locales/` and `widget/localMethods/blik/locales/`: the local
 *   methods' words (issue 38), loaded with the `local-redirect` chunk (iDEAL, Bancontact, Klarna)
 *   or the `blik` chunk only for an order that offers one of them;
 * - `shared/locales/`: the technical-difficulties alert and the frame's title, which the frame and
 *   the host SDK show before (or without) any bundle, so they carry them in all twelve languages
 *   (`shared/catalogText.ts`; the host SDK in its bridge).
 * `npm test` fails on a missing or unused message in any catalog (widget/i18n/catalogs.test.ts).
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: [...SUPPORTED_LOCALES],
  orderBy: 'message',
  // Origins without line numbers: a catalog changes when a message does, not when code moves.
  format: formatter({ lineNumbers: false }),
  catalogs: [
    {
      path: '<rootDir>/widget/locales/{locale}',
      include: ['<rootDir>/widget'],
      exclude: [
        '**/*.test.ts',
        '**/*.test.tsx',
        '**/testing/**',
        '<rootDir>/widget/savedCards/**',
        '<rootDir>/widget/paypal/**',
        '<rootDir>/widget/wallets/**',
        '<rootDir>/widget/localMethods/redirect/**',
        '<rootDir>/widget/localMethods/blik/**',
      ],
    },
    {
      path: '<rootDir>/widget/savedCards/locales/{locale}',
      include: ['<rootDir>/widget/savedCards'],
      exclude: ['**/*.test.ts', '**/*.test.tsx'],
    },
    {
      path: '<rootDir>/widget/paypal/locales/{locale}',
      include: ['<rootDir>/widget/paypal'],
      exclude: ['**/*.test.ts', '**/*.test.tsx'],
    },
    {
      path: '<rootDir>/widget/wallets/locales/{locale}',
      include: ['<rootDir>/widget/wallets'],
      exclude: ['**/*.test.ts', '**/*.test.tsx'],
    },
    {
      path: '<rootDir>/widget/localMethods/redirect/locales/{locale}',
      include: ['<rootDir>/widget/localMethods/redirect'],
      exclude: ['**/*.test.ts', '**/*.test.tsx'],
    },
    {
      path: '<rootDir>/widget/localMethods/blik/locales/{locale}',
      include: ['<rootDir>/widget/localMethods/blik'],
      exclude: ['**/*.test.ts', '**/*.test.tsx'],
    },
    {
      path: '<rootDir>/shared/locales/{locale}',
      include: ['<rootDir>/shared/alertMessage.ts', '<rootDir>/shared/frameTitleMessage.ts'],
    },
  ],
});
