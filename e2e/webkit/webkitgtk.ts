import { existsSync } from 'node:fs';

// WebKitGTK as the WebKit suite drives it (TOOLCHAIN.md "Firefox and WebKit"): Debian's
// WebKitWebDriver starts MiniBrowser on an Xvfb display, over WebDriver classic (no BiDi).
// WebKitGTK 2.50, not WPE WebKit 2.38: the frame offers React to bundles through an import map,
// which WPE WebKit 2.38 lacks.

/** The programs the suite runs, each with the Debian package that installs it. */
export const WEBKIT_BINARIES = {
  driver: { path: '/usr/bin/WebKitWebDriver', aptPackage: 'webkit2gtk-driver' },
  browser: { path: '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser', aptPackage: 'libwebkit2gtk-4.1-0' },
  display: { path: '/usr/bin/Xvfb', aptPackage: 'xvfb' },
} as const;

/** Throws an Error naming every missing program and the apt package to install for it. */
export function requireWebKitBinaries(): void {
  const missing = Object.values(WEBKIT_BINARIES).filter((b) => !existsSync(b.path));
  if (missing.length === 0) return;
  const packages = [...new Set(missing.map((b) => b.aptPackage))].join(' ');
  throw new Error(
    `The WebKit suite needs ${missing.map((b) => `${b.path} (apt package ${b.aptPackage})`).join(', ')}: ` +
      `apt-get install -y ${packages} (webkit2gtk-driver brings libwebkit2gtk-4.1-0 with it)`,
  );
}

/** Capabilities of a new session: MiniBrowser under automation, WebDriver classic. */
export const WEBKIT_CAPABILITIES: WebdriverIO.Capabilities & {
  'webkitgtk:browserOptions': { binary: string; args: string[] };
} = {
  browserName: 'MiniBrowser',
  'webkitgtk:browserOptions': { binary: WEBKIT_BINARIES.browser.path, args: ['--automation'] },
  'wdio:enforceWebDriverClassic': true,
};

/** Where globalSetup's WebKitWebDriver listens, handed to the test files by `inject`. */
export interface WebKitDriverAddress {
  hostname: string;
  port: number;
}

declare module 'vitest' {
  export interface ProvidedContext {
    webkitDriver: WebKitDriverAddress;
  }
}
