import type { Messages } from '@lingui/core';
import { createCatalogTranslator, type Translator } from '../i18n/createTranslator';
import { messages as sourceMessages } from './locales/en.po';

/**
 * The PayPal panel's words in every language but English (`widget/paypal/locales/*.po`, a
 * catalog of their own: lingui.config.ts), each a chunk fetched only when an order that offers
 * PayPal is read in that language. English is in the PayPal chunk. Their words are not in the
 * bundle's catalogs, so a buyer whose order does not offer PayPal downloads none of them; only the
 * method's label "PayPal" is the bundle's.
 */
const catalogs = import.meta.glob<Messages>(['./*.po', '!./en.po'], { base: './locales', import: 'messages' });

/** The PayPal panel's translator: in English until its `use(tag)` switches it (createCatalogTranslator). */
export const createPayPalI18n = (): Translator => createCatalogTranslator(sourceMessages, catalogs);
