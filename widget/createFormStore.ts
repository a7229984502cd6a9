import type { AddressFormat, PaymentMethod, PaymentMethodType, Subdivision } from '../shared';
import type { Message } from './i18n/createTranslator';
import { CARD_FIELDS, type CardField, type CardFormValues } from './validateCardForm';

/**
 * What the billing fields offer (issue 23): the provider's billing countries, and the chosen
 * country's address format and subdivisions (`format` undefined while it loads).
 */
export interface BillingOptions {
  countries: string[];
  format: AddressFormat | undefined;
  states: Subdivision[];
}

/**
 * The offer of more time on the seat hold (issue 37), for an order that allows extensions and a
 * site that did not turn the offer off (absent otherwise). `status`: `offer`, the buyer may ask;
 * `asking`, an ask is under way; `failed`, the last ask got no answer (the buyer may ask again);
 * `none`, no more time can be given (none left, or the provider refused). `granted` counts the asks
 * the provider granted for this order: each is the moment to say the new time.
 */
export interface HoldExtension {
  status: 'offer' | 'asking' | 'failed' | 'none';
  granted: number;
}

/** The widget's state, readable synchronously from outside React (the relayed api). */
export interface FormSnapshot {
  values: CardFormValues;
  /** One message per invalid field, translated when shown. */
  errors: Partial<Record<CardField, Message>>;
  /** The order's payment methods; undefined while they load. */
  methods: PaymentMethod[] | undefined;
  /** The method the buyer chose; the first offered by default. */
  method: PaymentMethodType;
  /** A message for the buyer above the form (a decline, a lost reply); undefined when there is none. */
  notice: Message | undefined;
  /**
   * The billing fields' countries and address format (issue 23); undefined until the countries are
   * loaded, and for good when they cannot be (no billing field is asked then).
   */
  billing: BillingOptions | undefined;
  /** The shipped locale the words are in (issue 23): a change re-renders the form. */
  locale: string;
  /**
   * True while the form takes no edits: a payment is running or its outcome is unknown (issue 4
   * "Exactly once"), or the order's seat hold has expired (issue 24). The values and method then
   * stay what was sent. Default false.
   */
  locked: boolean;
  /**
   * The order's seat hold (issue 24): whole seconds left on the provider's clock (0 once run out),
   * and `expired` once the widget has taken it as over (a payment open at 0 s keeps it until it
   * settles), and the offer of more time (issue 37). `finishing` (issue 37): a payment of the order
   * is under way, so the provider keeps the seats until it settles (the time left is not shown).
   * Undefined when the order holds nothing (or no order, or its hold is not read yet).
   */
  hold: { secondsLeft: number; expired: boolean; extension?: HoldExtension; finishing?: boolean } | undefined;
  /**
   * The 3-D Secure challenge on screen (issue 22): the bank's page `url` and what the buyer's
   * Cancel or Escape calls; undefined when none is open. The form is inert while it is open.
   */
  challenge: { url: string; cancel: () => void } | undefined;
}

/** A tiny external store for useSyncExternalStore: one snapshot object per change. */
export interface FormStore {
  /** The current snapshot; a new object after every change. */
  getSnapshot(): FormSnapshot;
  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** Sets one field's raw value (as typed; formatting is the form's) and clears the notice; ignored while locked. */
  setValue(field: CardField, value: string): void;
  /**
   * Prefills fields with what the host knows of the buyer (issue 13): each field in `values` that
   * is empty or still holds `previous[field]` (an earlier prefill, not the buyer's typing) takes
   * the new value, checked like a typed value on blur (`validate`); ignored while locked.
   */
  prefill(
    values: Partial<CardFormValues>,
    previous: Partial<CardFormValues>,
    validate: (values: CardFormValues) => FormSnapshot['errors'],
  ): void;
  /** Sets or (undefined) clears one field's error message. */
  setError(field: CardField, error: Message | undefined): void;
  /** Replaces every field error at once (fields not named have none). */
  setErrors(errors: Partial<Record<CardField, Message>>): void;
  /** Sets the offered methods and picks the first (card first when offered). */
  setMethods(methods: PaymentMethod[]): void;
  /**
   * Chooses the payment method (the buyer picked a radio) and clears the notice; ignored while
   * locked, unless `underWay` (issue 38: the method of a payment still being confirmed, shown with
   * it after a reload).
   */
  setMethod(method: PaymentMethodType, underWay?: boolean): void;
  /** Sets or (undefined) clears the message above the form. */
  setNotice(notice: Message | undefined): void;
  /** Sets the billing fields' options; see {@link FormSnapshot.billing}. */
  setBilling(billing: BillingOptions): void;
  /**
   * Chooses the billing country: its subdivision is emptied (another country's code means nothing)
   * and the billing fields' errors go; ignored while locked.
   */
  setCountry(country: string): void;
  /** Sets the locale the words are in; see {@link FormSnapshot.locale}. */
  setLocale(locale: string): void;
  /** Locks (true) or unlocks (false) the form for a payment; see {@link FormSnapshot.locked} (an expired hold keeps it locked). */
  setLocked(locked: boolean): void;
  /** Sets the seat hold shown (undefined: none); an expired one locks the form. See {@link FormSnapshot.hold}. */
  setHold(hold: FormSnapshot['hold']): void;
  /** Shows a 3-D Secure challenge, or (undefined) removes it; see {@link FormSnapshot.challenge}. */
  setChallenge(challenge: FormSnapshot['challenge']): void;
  /**
   * Empties every card field and its error, even while locked: a paid order's card is not kept
   * for another charge (issue 12 finding 5). The method choice, the billing country and the notice stay.
   */
  clearCard(): void;
}

/** Creates an empty form store. */
export function createFormStore(): FormStore {
  const empty = Object.fromEntries(CARD_FIELDS.map((f) => [f, ''])) as CardFormValues;
  let snapshot: FormSnapshot = {
    values: empty,
    errors: {},
    methods: undefined,
    method: 'CARD',
    notice: undefined,
    billing: undefined,
    locale: 'en',
    locked: false,
    hold: undefined,
    challenge: undefined,
  };
  /** True while a payment holds the lock (setLocked); the snapshot's `locked` adds an expired hold. */
  let paying = false;
  const listeners = new Set<() => void>();
  const set = (next: Partial<FormSnapshot>) => {
    snapshot = { ...snapshot, ...next };
    for (const listener of listeners) listener();
  };
  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setValue(field, value) {
      if (snapshot.locked) return;
      set({ values: { ...snapshot.values, [field]: value }, notice: undefined });
    },
    prefill(given, previous, validate) {
      if (snapshot.locked) return;
      const fields = (Object.keys(given) as CardField[]).filter((f) => ['', previous[f]].includes(snapshot.values[f]));
      if (fields.length === 0) return;
      const values = { ...snapshot.values };
      for (const f of fields) values[f] = given[f] ?? '';
      const found = validate(values);
      const errors = { ...snapshot.errors };
      for (const f of fields) {
        if (values[f] !== '' && found[f]) errors[f] = found[f];
        else delete errors[f];
      }
      set({ values, errors });
    },
    setError(field, error) {
      const errors = { ...snapshot.errors };
      if (error) errors[field] = error;
      else delete errors[field];
      set({ errors });
    },
    setErrors(errors) {
      set({ errors: { ...errors } });
    },
    setMethods(methods) {
      const card = methods.find((m) => m.type === 'CARD');
      set({ methods, method: (card ?? methods[0])?.type ?? 'CARD' });
    },
    setMethod(method, underWay) {
      if (snapshot.locked && !underWay) return;
      set({ method, notice: undefined });
    },
    setNotice(notice) {
      set({ notice });
    },
    setBilling(billing) {
      set({ billing });
    },
    setCountry(country) {
      if (snapshot.locked) return;
      const { country: _c, postalCode: _p, subdivision: _s, ...errors } = snapshot.errors;
      set({ values: { ...snapshot.values, country, subdivision: '' }, errors });
    },
    setLocale(locale) {
      set({ locale });
    },
    setLocked(locked) {
      paying = locked;
      set({ locked: locked || !!snapshot.hold?.expired });
    },
    setHold(hold) {
      set({ hold, locked: paying || !!hold?.expired });
    },
    setChallenge(challenge) {
      set({ challenge });
    },
    clearCard() {
      // The billing country stays: it is the buyer's, not the card's.
      set({ values: { ...empty, country: snapshot.values.country }, errors: {} });
    },
  };
}
