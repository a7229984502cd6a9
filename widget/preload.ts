import type { CashierWidgetPreloadProps } from '../shared';
import { createBundleProviderApi } from './bundleProviderApi';
import { createBilling } from './createBilling';
import { createFormStore } from './createFormStore';
import { createTranslator } from './i18n/createTranslator';
import { isMember } from './loadSavedCards';
import { createWarmReplies, type WarmReplies } from './warmReplies';

/**
 * The replies of this document's warm-up, for its mount: one per bundle module, which a frame
 * adopted after its warm-up keeps (the same document, the same module).
 */
export const warmReplies: WarmReplies = createWarmReplies();

const noVault = () => Promise.reject(new Error('no vault in a warm-up'));

/**
 * The bundle's optional `preload` (DESIGN "The bundle"; issue 36 item 4), which the frame calls in
 * preloadCashier's warm-up frame that a mount will adopt: asks the provider now for what the
 * first form waits for and no order decides, so that the mount finds the replies in memory
 * ({@link warmReplies}) instead of waiting two round trips after the tap:
 * - the billing fields as `mount` asks for them (createBilling's `start`, on a scratch store): the
 *   countries, the buyer's country, the address format and states of the locale's region and of
 *   the country the provider places the buyer in;
 * - buyer info (its input is the app instance, which the mount shares), and for a member the
 *   saved cards' chunk, the list of cards and their words;
 * - the language's catalog (the bundle's chunk for `locale`).
 * A mount with another `locale` finds the replies of its region missing and asks for them.
 * Nothing is shown, no order or payment request is made, and nothing is reported: a request that
 * fails here is the mount's to make again, with its retries and revalidation. Returns at once.
 */
export function preload(props: CashierWidgetPreloadProps): void {
  const send = warmReplies.record(props, props.providerClient.request);
  const api = createBundleProviderApi(send, noVault, undefined);
  void createBilling({ api, store: createFormStore(), locale: () => props.locale ?? 'en' }).start();
  api
    .getBuyerInfo()
    .then((buyer) => (isMember(buyer) ? import('./savedCards') : undefined))
    .then((chunk) => chunk?.preloadSavedCards(send, props.locale))
    .catch(() => undefined);
  createTranslator()
    .prepare(props.locale)
    .catch(() => undefined);
}
