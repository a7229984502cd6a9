import { type I18n, type MessageDescriptor, type Messages, setupI18n } from '@lingui/core';
import { matchLocale, SOURCE_LOCALE, type SupportedLocale } from '../../shared';
import { messages as sourceMessages } from '../locales/en.po';

/**
 * The catalogs of every language but English, compiled from `widget/locales/*.po` by
 * Lingui's Vite plugin: each is a chunk of its own beside the bundle, fetched only when chosen
 * (issue 23 item 6). English is in the bundle: it needs no request.
 */
const catalogs = import.meta.glob<Messages>(['./*.po', '!./en.po'], { base: '../locales', import: 'messages' });

/** A message to show: a Lingui descriptor (`msg` macro), translated when rendered. */
export type Message = MessageDescriptor;

/** The widget's words in the buyer's language (issue 23), one per mount. */
export interface Translator {
  /** Lingui's instance, active in {@link Translator.locale}: `i18n._(message)`. */
  readonly i18n: I18n;
  /** The shipped locale in use (`matchLocale` of the tag asked for); `en` until {@link Translator.use} settles. */
  readonly locale: SupportedLocale;
  /**
   * Fetches the catalog of the shipped locale for `tag` (a BCP 47 tag; undefined: English) and
   * resolves to the function that switches to it (so that a caller may still refuse the change);
   * when calls overlap, only the last one's function switches.
   * Rejects with the import's error when the catalog cannot be fetched (nothing changes).
   */
  prepare(tag: string | undefined): Promise<() => void>;
  /**
   * Switches to the shipped locale for `tag` ({@link Translator.prepare}, then the switch). English
   * switches at once, before the promise settles. Rejects as `prepare` does.
   */
  use(tag: string | undefined): Promise<void>;
}

/**
 * A catalog folder's languages but English, by `./<locale>.po`: Vite's `import.meta.glob` of its
 * `*.po` files (`import: 'messages'`), each a chunk fetched when its language is chosen.
 */
export type Catalogs = Record<string, () => Promise<Messages>>;

/** Creates the widget's translator, in English (the source language): the bundle's catalogs. */
export function createTranslator(): Translator {
  return createCatalogTranslator(sourceMessages, catalogs);
}

/**
 * Creates a translator, in English, over a catalog of its own (issue 25: the saved cards', PayPal's
 * and the wallets' lazily loaded words, so that a buyer who never sees them downloads none): its
 * English `sourceMessages` and the other languages' `catalogs`. {@link createTranslator} is this over
 * the bundle's catalog.
 */
export function createCatalogTranslator(sourceMessages: Messages, catalogs: Catalogs): Translator {
  const i18n = setupI18n({ locale: SOURCE_LOCALE, messages: { [SOURCE_LOCALE]: sourceMessages } });
  let generation = 0;
  return {
    i18n,
    get locale() {
      return i18n.locale as SupportedLocale;
    },
    prepare(tag) {
      const mine = ++generation;
      const locale = matchLocale(tag ?? SOURCE_LOCALE);
      const load = catalogs[`./${locale}.po`];
      const activate = (to: SupportedLocale, messages: Messages) => () => {
        // Overlapping calls: the last one asked for wins.
        if (mine === generation) i18n.loadAndActivate({ locale: to, messages });
      };
      if (locale === SOURCE_LOCALE || !load) return Promise.resolve(activate(SOURCE_LOCALE, sourceMessages));
      return load().then((messages) => activate(locale, messages));
    },
    use(tag) {
      const locale = matchLocale(tag ?? SOURCE_LOCALE);
      // English needs no fetch: it switches now (the form's first render need not wait).
      if (locale === SOURCE_LOCALE) i18n.loadAndActivate({ locale, messages: sourceMessages });
      return this.prepare(tag).then((activate) => activate());
    },
  };
}
