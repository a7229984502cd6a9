import type { Messages } from '@lingui/core';
import { createCatalogTranslator, type Translator } from '../i18n/createTranslator';
import { messages as sourceMessages } from './locales/en.po';

/**
 * The saved cards' words in every language but English (`widget/savedCards/locales/*.po`,
 * a catalog of their own: lingui.config.ts), each a chunk fetched only when a member with saved
 * cards reads that language. English is in the saved-cards chunk. Their words are not in the
 * bundle's catalogs, so a buyer without saved cards downloads none of them.
 */
const catalogs = import.meta.glob<Messages>(['./*.po', '!./en.po'], { base: './locales', import: 'messages' });

/** The saved cards' translator: in English until its `use(tag)` switches it (createCatalogTranslator). */
export const createSavedCardsI18n = (): Translator => createCatalogTranslator(sourceMessages, catalogs);
