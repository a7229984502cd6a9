/** A PO catalog, compiled by Lingui's Vite plugin (lingui.config.ts). */
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  /** The catalog's messages, compiled. */
  export const messages: Messages;
}
