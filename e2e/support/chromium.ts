/**
 * How the browser tests and the benchmarks launch Debian's Chromium (TOOLCHAIN.md "Playwright
 * and Chromium"): its path (`CHROMIUM_PATH`, default /usr/bin/chromium) and the switches that keep
 * it headless and off the network it cannot reach here.
 */
export const CHROMIUM_EXECUTABLE = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Switches of every Chromium the tests and benchmarks start. */
export const CHROMIUM_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
