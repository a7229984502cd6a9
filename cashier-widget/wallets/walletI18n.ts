import { type I18n, type Messages, setupI18n } from '@lingui/core';
import { matchLocale, SOURCE_LOCALE } from '../../shared';
import { messages as sourceMessages } from './locales/en.po';

/**
 * The wallet buttons' words in every language but English (`cashier-widget/wallets/locales/*.po`, a
 * catalog of their own: lingui.config.ts), each a chunk fetched only when the wallet buttons show
 * in that language (an order that offers a wallet the browser can pay with). English is in the
 * wallets chunk; none of their words are in the bundle's catalogs.
 */
const catalogs = import.meta.glob<Messages>(['./*.po', '!./en.po'], { base: './locales', import: 'messages' });

/** The wallet buttons' translator: its own Lingui instance, in English until {@link switchTo} switches it. */
export function createWalletI18n(): { i18n: I18n; switchTo(tag: string): Promise<void> } {
  const i18n = setupI18n({ locale: SOURCE_LOCALE, messages: { [SOURCE_LOCALE]: sourceMessages } });
  let latest = '';
  return {
    i18n,
    /**
     * Switches to the shipped locale for `tag` (BCP 47) once its catalog is loaded; overlapping
     * calls: the last one wins. A catalog that cannot be fetched leaves the language as it was
     * (rejects with the import's error).
     */
    async switchTo(tag) {
      const locale = matchLocale(tag);
      latest = locale;
      const load = catalogs[`./${locale}.po`];
      const messages = load ? await load() : sourceMessages;
      if (latest === locale && i18n.locale !== locale) i18n.loadAndActivate({ locale: load ? locale : SOURCE_LOCALE, messages });
    },
  };
}
