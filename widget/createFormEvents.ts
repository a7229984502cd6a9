import { type CashierChange, type CashierField, type CashierWidgetProps, cardBrand } from '../shared';
import type { FormStore } from './createFormStore';
import type { SavedCardsHandle } from './savedCards';
import { type BillingRules, type CardField, validateCardForm } from './validateCardForm';

// Issue 36: the events a checkout page builds on (DESIGN "Events"): what the buyer has done in the
// form, never what they typed.

/** The form's fields by the names the focus events use (DESIGN "Events"). */
const EVENT_FIELDS: Record<CardField, CashierField> = {
  cardholderName: 'cardholderName',
  cardNumber: 'cardNumber',
  expirationDate: 'expiry',
  securityCode: 'securityCode',
  country: 'country',
  subdivision: 'region',
  postalCode: 'postalCode',
  email: 'email',
};

/** What {@link followFormEvents} reads. */
export interface FormEventsDeps {
  store: FormStore;
  /** The widget's container: its fields' focus events. */
  container: HTMLElement;
  /** The fields' id prefix: a field's id is `${idPrefix}-${field}`. */
  idPrefix: string;
  /** The props now (an update may change the order). */
  current: () => CashierWidgetProps;
  /** The billing fields' rules now (the country's address format). */
  billingRules: () => BillingRules;
  /** A member's saved cards, once their chunk is loaded. */
  saved: () => SavedCardsHandle | undefined;
}

/**
 * Tells the page what the buyer does in the form (issue 36), through the props' callbacks:
 * - `onChange(change)` once the form is on screen, then whenever the {@link CashierChange} differs
 *   from the last one told (a keystroke inside a field that leaves it as complete, as empty and of the
 *   same brand tells nothing);
 * - `onFocus({ field })` and `onBlur({ field })` for the form's fields, by their event names, in order,
 *   one task after the focus moved (none once `stop()` is called);
 * - `onEscape()` for Escape pressed anywhere in the frame's document while no 3-D Secure challenge is open
 *   (the challenge dialog's Escape is its own: it cancels the challenge).
 * @returns `savedCardsLoaded()` (follow the saved cards' choice too) and `stop()` (at unmount).
 */
export function followFormEvents(deps: FormEventsDeps): { savedCardsLoaded(): void; stop(): void } {
  const { store, container, idPrefix, current } = deps;
  const doc = container.ownerDocument;
  let told: string | undefined;

  const change = (): CashierChange => {
    const { values, method, billing } = store.getSnapshot();
    const card = method === 'CARD';
    const saved = card ? deps.saved()?.progress() : undefined;
    const typed = values.cardNumber + values.expirationDate + values.securityCode;
    const newCard = card && saved === undefined;
    return {
      complete: !card || (saved?.complete ?? Object.keys(validateCardForm(values, deps.billingRules())).length === 0),
      empty: saved?.empty ?? typed === '',
      paymentMethod: method,
      ...(newCard && values.cardNumber !== '' ? { brand: cardBrand(values.cardNumber) } : {}),
      ...(billing && values.country !== '' ? { country: values.country } : {}),
    };
  };
  const tell = () => {
    if (!store.getSnapshot().methods) return; // the form is not on screen yet
    const next = change();
    const json = JSON.stringify(next);
    if (json === told) return;
    told = json;
    current().onChange?.(next);
  };

  // Focus events go out one task later, in order. Firefox blurs the focused field as the page
  // starts to go into the back/forward cache, in the same task as `pagehide`; a message posted
  // then evicts the page. By the next task the widget is unmounted and `stop()` dropped them.
  const win = doc.defaultView ?? window;
  let focusQueue: (() => void)[] = [];
  let flush: number | undefined;
  const later = (call: () => void) => {
    focusQueue.push(call);
    flush ??= win.setTimeout(() => {
      const calls = focusQueue;
      focusQueue = [];
      flush = undefined;
      for (const queued of calls) queued();
    }, 0);
  };

  const fieldOf = (target: EventTarget | null): CashierField | undefined => {
    const id = target instanceof Element ? target.id : '';
    return id.startsWith(`${idPrefix}-`) ? EVENT_FIELDS[id.slice(idPrefix.length + 1) as CardField] : undefined;
  };
  const onFocusIn = (event: FocusEvent) => {
    const field = fieldOf(event.target);
    if (field) later(() => current().onFocus?.({ field }));
  };
  const onFocusOut = (event: FocusEvent) => {
    const field = fieldOf(event.target);
    if (field) later(() => current().onBlur?.({ field }));
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && !event.defaultPrevented && !store.getSnapshot().challenge) current().onEscape?.();
  };

  const unsubscribe = [store.subscribe(tell)];
  container.addEventListener('focusin', onFocusIn);
  container.addEventListener('focusout', onFocusOut);
  doc.addEventListener('keydown', onKeyDown);
  return {
    savedCardsLoaded() {
      const saved = deps.saved();
      if (saved) unsubscribe.push(saved.subscribe(tell));
      tell();
    },
    stop() {
      for (const stop of unsubscribe) stop();
      win.clearTimeout(flush);
      focusQueue = [];
      container.removeEventListener('focusin', onFocusIn);
      container.removeEventListener('focusout', onFocusOut);
      doc.removeEventListener('keydown', onKeyDown);
    },
  };
}
