import type { CashierUpdate, MountCashierOptions } from '../index';
import { defaultLocale } from '../resolveLocale';
import { DEFAULT_THEME } from '../resolveOptions';

/** The props of `<CashierWidget>` that `handle.update` changes, flattened so they compare by value. */
export interface WidgetInputs {
  theme?: string;
  orderId?: string;
  /** `buyer.email` */
  email?: string;
  /** `buyer.name` */
  name?: string;
  locale?: string;
}

/** Reads {@link WidgetInputs} from the props. */
export function widgetInputs({ theme, orderId, buyer, locale }: MountCashierOptions): WidgetInputs {
  return { theme, orderId, email: buyer?.email, name: buyer?.name, locale };
}

/**
 * The `handle.update` argument that takes the widget from `from` to `to`, or undefined when
 * nothing changed (issue 13). A theme taken away is the default theme again; a buyer field taken
 * away is prefilled empty (clearing what the earlier prefill put there, never what the buyer
 * typed); an order taken away is no change (the widget stays on its order); a locale taken away
 * is the default locale again (the page's `<html lang>`, else the browser's language, else `en`).
 */
export function toUpdate(from: WidgetInputs, to: WidgetInputs): CashierUpdate | undefined {
  const changes: CashierUpdate = {};
  if (to.theme !== from.theme) changes.theme = to.theme ?? DEFAULT_THEME;
  if (to.orderId !== from.orderId && to.orderId !== undefined) changes.orderId = to.orderId;
  if (to.email !== from.email) changes.buyer = { email: to.email ?? '' };
  if (to.name !== from.name) changes.buyer = { ...changes.buyer, name: to.name ?? '' };
  if (to.locale !== from.locale) changes.locale = to.locale ?? defaultLocale(globalThis.document);
  return Object.keys(changes).length > 0 ? changes : undefined;
}
