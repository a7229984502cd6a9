import type { Messages } from '@lingui/core';
import { createCatalogTranslator, type Translator } from '../i18n/createTranslator';
import { messages as sourceMessages } from './locales/en.po';

/**
 * The wallet buttons' words in every language but English (`widget/wallets/locales/*.po`, a
 * catalog of their own: lingui.config.ts), each a chunk fetched only when the wallet buttons show
 * in that language (an order that offers a wallet the browser can pay with). English is in the
 * wallets chunk; none of their words are in the bundle's catalogs.
 */
const catalogs = import.meta.glob<Messages>(['./*.po', '!./en.po'], { base: './locales', import: 'messages' });

/** The wallet buttons' translator: in English until its `use(tag)` switches it (createCatalogTranslator). */
export const createWalletI18n = (): Translator => createCatalogTranslator(sourceMessages, catalogs);
