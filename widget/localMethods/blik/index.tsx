import { BlikConfirm } from './BlikConfirm';
import { BlikField } from './BlikField';
import { loadBlikWords } from './blikI18n';
import { BLIK_MESSAGES } from './blikMessages';
import { validateBlikCode } from './validateBlikCode';

export type { BlikConfirmProps, BlikFieldProps } from './blikTypes';

/**
 * The BLIK chunk (issue 38), imported by the widget only for an order that offers BLIK
 * (`(await import('./localMethods/blik')).default`): the code field, its check, the "Confirm the
 * payment in your banking app" countdown, the flow's words and the loader of their catalog.
 */
const blik = { BlikField, BlikConfirm, validateBlikCode, BLIK_MESSAGES, loadBlikWords };

/** What the BLIK chunk's default export holds. */
export type BlikChunk = typeof blik;

export default blik;
