/**
 * How the browser tests launch Debian's Firefox ESR (TOOLCHAIN.md "Firefox and WebKit"): its path
 * (`FIREFOX_PATH`, default /usr/bin/firefox-esr) and the preferences the tests need. Playwright
 * drives stock Firefox over WebDriver BiDi through the `moz-firefox` channel (@playwright/test
 * 1.64.1; 1.65 fails every new context against ESR 153).
 */
export const FIREFOX_EXECUTABLE = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/** The channel that makes Playwright talk BiDi to a stock Firefox instead of its own patched build. */
export const FIREFOX_CHANNEL = 'moz-firefox';

/**
 * Preferences of every Firefox the tests start. With Fission (site isolation) on, Playwright's
 * clicks and keys over BiDi land on the `<iframe>` element instead of inside the cross-site frame.
 */
export const FIREFOX_PREFS: Readonly<Record<string, string | number | boolean>> = {
  'fission.autostart': false,
};
