import type { Messages } from '@lingui/core';
import { createCatalogTranslator, type Translator } from '../../i18n/createTranslator';
import { messages as sourceMessages } from './locales/en.po';

/**
 * BLIK's words in every language but English (`widget/localMethods/blik/locales/*.po`, a catalog
 * of their own: lingui.config.ts), each a chunk fetched only when an order that offers BLIK is read
 * in that language (issue 38). English is in the BLIK chunk; the method's label "BLIK", which the
 * bundle shows among the choices, stays in the bundle's catalog.
 */
const catalogs = import.meta.glob<Messages>(['./*.po', '!./en.po'], { base: './locales', import: 'messages' });

/**
 * BLIK's translator, switched to the shipped locale for `locale` (a BCP 47 tag; undefined: English)
 * before it resolves, so the field never flashes English first. A catalog that cannot be fetched
 * leaves it in English: it never rejects. Follow the widget's language with its `use(tag)`.
 */
export async function loadBlikWords(locale: string | undefined): Promise<Translator> {
  const words = createCatalogTranslator(sourceMessages, catalogs);
  await words.use(locale).catch(() => undefined);
  return words;
}
