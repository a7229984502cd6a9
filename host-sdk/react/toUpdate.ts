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
  /** `appearance` as JSON (issue 35). */
  appearance?: string;
  /** `fonts` as JSON (issue 35). */
  fonts?: string;
}

/** Reads {@link WidgetInputs} from the props. */
export function widgetInputs({ theme, orderId, buyer, locale, appearance, fonts }: MountCashierOptions): WidgetInputs {
  return { theme, orderId, email: buyer?.email, name: buyer?.name, locale, appearance: json(appearance), fonts: json(fonts) };
}

/** `value` as JSON, to compare by value; a value JSON cannot write is `null`, which `handle.update` refuses (a TypeError). */
function json(value: unknown): string | undefined {
  try {
    return value === undefined ? undefined : JSON.stringify(value);
  } catch {
    return 'null';
  }
}

/**
 * The `handle.update` argument that takes the widget from `from` to `to`, or undefined when
 * nothing changed (issue 13). A theme taken away is the default theme again; a buyer field taken
 * away is prefilled empty (clearing what the earlier prefill put there, never what the buyer
 * typed); an order taken away is no change (the widget stays on its order); a locale taken away
 * is the default locale again (the page's `<html lang>`, else the browser's language, else `en`);
 * an appearance taken away is the default look (`{}`), fonts taken away none (`[]`).
 */
export function toUpdate(from: WidgetInputs, to: WidgetInputs): CashierUpdate | undefined {
  const changes: CashierUpdate = {};
  if (to.theme !== from.theme) changes.theme = to.theme ?? DEFAULT_THEME;
  if (to.orderId !== from.orderId && to.orderId !== undefined) changes.orderId = to.orderId;
  if (to.email !== from.email) changes.buyer = { email: to.email ?? '' };
  if (to.name !== from.name) changes.buyer = { ...changes.buyer, name: to.name ?? '' };
  if (to.locale !== from.locale) changes.locale = to.locale ?? defaultLocale(globalThis.document);
  if (to.appearance !== from.appearance) changes.appearance = to.appearance === undefined ? {} : JSON.parse(to.appearance);
  if (to.fonts !== from.fonts) changes.fonts = to.fonts === undefined ? [] : JSON.parse(to.fonts);
  return Object.keys(changes).length > 0 ? changes : undefined;
}
