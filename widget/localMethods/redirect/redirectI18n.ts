import type { Messages } from '@lingui/core';
import { createCatalogTranslator, type Translator } from '../../i18n/createTranslator';
import { messages as sourceMessages } from './locales/en.po';

/**
 * The redirect methods' words in every language but English (`localMethods/redirect/locales/*.po`,
 * a catalog of their own: lingui.config.ts), each a chunk (`local-redirect-<locale>`) fetched only
 * when an order that offers iDEAL, Bancontact or Klarna is read in that language. English is in the
 * `local-redirect` chunk; only the methods' brand names are the bundle's.
 */
const catalogs = import.meta.glob<Messages>(['./*.po', '!./en.po'], { base: './locales', import: 'messages' });

/** The redirect panel's translator: in English until its `use(tag)` switches it (createCatalogTranslator). */
export const createRedirectI18n = (): Translator => createCatalogTranslator(sourceMessages, catalogs);
