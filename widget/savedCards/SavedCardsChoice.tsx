import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { type CSSProperties, type ReactNode, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { SavedCard } from '../../shared';
import { APPEARANCE_CLASSES as C, classes, space, token } from '../appearance';
import type { FormStore } from '../createFormStore';
import { controlProps, describedBy, FormField, fieldStyles, refuseChange } from '../FormField';
import { cvcLength, NEW_CARD, type SavedCardsSnapshot, type SavedCardsState } from './createSavedCardsState';

/** The label of the "save this card" box; its words, as shown, are the consent the card tokenization carries to the vault. */
export const SAVE_CARD_LABEL = msg`Save this card for next time`;

/** Brand names as a card shows them (`SavedCard.brand`); any other brand is "Card". */
const BRANDS: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express' };

/**
 * `text` as a left-to-right isolate: U+2066 LEFT-TO-RIGHT ISOLATE … U+2069 POP DIRECTIONAL ISOLATE.
 * A masked number and an expiry are left to right in every language (Hebrew and Arabic card forms
 * show "•••• 4242" and "12/34" so), but they hold no strong letter (bullets are neutral, digits
 * weak), so in a right-to-left sentence the bidi algorithm would lay their parts out by their
 * neighbours: beside a Hebrew or Arabic word the bullets go to the right of the digits. The isolate
 * makes each one unit, laid out left to right inside, that the sentence places as a whole. LRI, not
 * FSI (U+2068): FSI takes its direction from the first strong letter inside, and there is none here
 * (it would fall back to left to right only by that rule); LRI says the direction outright.
 */
const ltr = (text: string) => `\u2066${text}\u2069`;

/**
 * "Visa •••• 4242" (the masked number bidi-isolated, {@link ltr}): a saved card's brand, or the word
 * "Card" for any other brand, and its last four digits. The removal messages name the card so;
 * they need no expiry, and a translation must not put its word for "card" before it ("Karta Karta").
 */
export function cardName(card: SavedCard, i18n: I18n): string {
  const brand = BRANDS[card.brand] ?? i18n._(msg({ message: 'Card', comment: 'A saved card of an unknown brand' }));
  return `${brand} ${ltr(`•••• ${card.last4}`)}`;
}

/**
 * "Visa •••• 4242, expires 12/34" (or "expired 09/21"), as the buyer reads a saved card: its
 * {@link cardName} and its expiry, the masked number and the expiry each bidi-isolated ({@link ltr}).
 */
export function describeCard(card: SavedCard, i18n: I18n): string {
  const name = cardName(card, i18n);
  const expiry = ltr(`${String(card.expiryMonth).padStart(2, '0')}/${String(card.expiryYear % 100).padStart(2, '0')}`);
  const words = card.expired
    ? msg({
        message: '{name}, expired {expiry}',
        comment: 'A saved card that can no longer be used: "Visa •••• 4242, expired 09/21"',
      })
    : msg({ message: '{name}, expires {expiry}', comment: 'A saved card: "Visa •••• 4242, expires 12/34" (month/year)' });
  return i18n._({ ...words, values: { name, expiry } });
}

/**
 * What removing a card says; `{card}` is its {@link cardName}, without the expiry (the translators'
 * note says so: a translation that puts its word for "card" before it would read "Karta Karta").
 */
export const REMOVAL = {
  ask: msg({
    message: 'Remove {card} from your saved cards?',
    comment: 'A question before removing. {card}: brand and last 4 digits, "Visa •••• 4242" or "Card •••• 4242"',
  }),
  removed: msg({
    message: '{card} was removed.',
    comment: '{card}: brand and last 4 digits, "Visa •••• 4242" or "Card •••• 4242" (unknown brand)',
  }),
  failed: msg({
    message: '{card} could not be removed. Try again later.',
    comment: '{card}: brand and last 4 digits, "Visa •••• 4242" or "Card •••• 4242" (unknown brand)',
  }),
};

/** What the last removal did, as the live region says it; undefined when nothing was removed. */
function statusText(status: SavedCardsSnapshot['status'], i18n: I18n): string | undefined {
  if (!status) return undefined;
  if ('removed' in status) return i18n._({ ...REMOVAL.removed, values: { card: cardName(status.removed, i18n) } });
  return i18n._({ ...REMOVAL.failed, values: { card: cardName(status.failed, i18n) } });
}

/** Props of {@link SavedCardsChoice}. */
export interface SavedCardsChoiceProps {
  state: SavedCardsState;
  /** The widget's form store: its lock and locale. */
  store: FormStore;
  /** The saved cards' translator, in the store's locale. */
  i18n: I18n;
  /** Prefix for element ids, unique per mount (the security code's id is the card form's: `${idPrefix}-securityCode`). */
  idPrefix: string;
  /** The card form's fields, shown when "Use a new card" is chosen. */
  children: ReactNode;
}

/**
 * The member's saved cards (issue 25) as radio choices in one group (the primary preselected;
 * an expired one shown as such and disabled), then "Use a new card". A saved card chosen asks only
 * for its security code; a new card shows the card form and "Save this card for next time"
 * (unchecked). "Remove" asks inline ("Remove" or "Keep", focus on "Keep"), then removes the card;
 * what happened is announced. Everything is disabled while the form is locked. A member listed
 * with no cards gets no choice: the card form and the save box only (once cards were listed, the
 * group stays when the last is removed, with "Use a new card" chosen).
 */
export function SavedCardsChoice({ state, store, i18n, idPrefix, children }: SavedCardsChoiceProps) {
  const s = useSyncExternalStore(state.subscribe, state.getSnapshot);
  const { locked } = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const root = useRef<HTMLDivElement>(null);
  const lockedId = `${idPrefix}-locked`;
  const cvcId = `${idPrefix}-securityCode`;
  const card = state.chosenCard();
  const length = card && cvcLength(card);
  /** Where focus goes after a confirmation: "Keep" while asking; else the Remove button asked about, or the choice made. */
  const asked = useRef<string | undefined>(undefined);
  useEffect(() => {
    const find = (selector: string) => root.current?.querySelector<HTMLElement>(selector);
    if (s.confirming) find('[data-keep]')?.focus();
    else if (asked.current) (find(`[data-remove="${asked.current}"]`) ?? find('input[type=radio]:checked'))?.focus();
    asked.current = s.confirming;
  }, [s.confirming]);

  const [listed] = useState(s.cards.length > 0);
  const failed = s.status && 'failed' in s.status;
  return (
    <div ref={root} style={styles.group}>
      {listed && (
        <fieldset style={styles.cards} disabled={locked} aria-describedby={describedBy(locked && lockedId)}>
          <legend className={C.label} style={fieldStyles.label}>
            {i18n._(msg`Saved cards`)}
          </legend>
          {s.cards.map((c) => {
            const labelId = `${idPrefix}-saved-${c.id}`;
            const name = describeCard(c, i18n);
            return (
              <div key={c.id} style={styles.card}>
                <label className={classes(C.method, s.chosen === c.id && C.methodSelected)} style={fieldStyles.choice}>
                  <input
                    type="radio"
                    className="cw-radio"
                    name={`${idPrefix}-saved`}
                    value={c.id}
                    checked={s.chosen === c.id}
                    disabled={locked || c.expired}
                    onChange={() => state.choose(c.id)}
                  />
                  <span id={labelId} style={c.expired ? styles.expired : undefined}>
                    {name}
                  </span>
                </label>
                {s.confirming === c.id ? (
                  <fieldset style={styles.confirm}>
                    <legend className={C.label} style={styles.ask}>
                      {i18n._({ ...REMOVAL.ask, values: { card: cardName(c, i18n) } })}
                    </legend>
                    <button type="button" className={C.button} disabled={s.removing} onClick={() => void state.remove()}>
                      {i18n._(msg`Remove`)}
                    </button>
                    <button type="button" className={C.button} data-keep="" onClick={() => state.confirm(undefined)}>
                      {i18n._(msg`Keep`)}
                    </button>
                  </fieldset>
                ) : (
                  <button
                    type="button"
                    className={C.button}
                    data-remove={c.id}
                    aria-describedby={labelId}
                    onClick={() => state.confirm(c.id)}
                  >
                    {i18n._(msg`Remove`)}
                  </button>
                )}
              </div>
            );
          })}
          <label className={classes(C.method, s.chosen === NEW_CARD && C.methodSelected)} style={fieldStyles.choice}>
            <input
              type="radio"
              className="cw-radio"
              name={`${idPrefix}-saved`}
              value={NEW_CARD}
              checked={s.chosen === NEW_CARD}
              disabled={locked}
              onChange={() => state.choose(NEW_CARD)}
            />
            {i18n._(msg`Use a new card`)}
          </label>
        </fieldset>
      )}
      <p
        role="status"
        className={s.status ? C.notice : undefined}
        style={failed ? styles.failed : s.status ? fieldStyles.note : fieldStyles.visuallyHidden}
      >
        {statusText(s.status, i18n)}
      </p>
      {card ? (
        <FormField
          id={cvcId}
          label={i18n._(msg`Security code`)}
          hint={length && i18n._(msg`${length} digits`)}
          error={s.cvcError && i18n._(s.cvcError)}
        >
          <input
            {...controlProps(cvcId, 'securityCode', s.cvcError, true, locked, lockedId)}
            // `:placeholder-shown` is how a floating label knows an empty field (CardForm's CSS).
            placeholder=" "
            autoComplete="cc-csc"
            inputMode="numeric"
            type="text"
            dir="ltr"
            value={s.cvc}
            readOnly={locked}
            onChange={(e) =>
              store.getSnapshot().locked ? refuseChange(e.currentTarget, s.cvc) : state.setCvc(e.currentTarget.value)
            }
            onBlur={() => s.cvc !== '' && state.check()}
          />
        </FormField>
      ) : (
        <>
          {children}
          <label style={fieldStyles.choice}>
            <input
              type="checkbox"
              className="cw-radio"
              checked={s.save}
              disabled={locked}
              onChange={(e) => state.setSave(e.target.checked)}
            />
            {i18n._(SAVE_CARD_LABEL)}
          </label>
        </>
      )}
    </div>
  );
}

const styles: Record<string, CSSProperties> = {
  group: { display: 'flex', flexDirection: 'column', gap: space(3) },
  cards: { display: 'flex', flexDirection: 'column', gap: space(2), border: 0, padding: 0, margin: 0, minWidth: 0 },
  card: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: space(2) },
  expired: { color: token('colorTextSecondary') },
  // A legend in a flex fieldset is laid out as its first item in every engine but its padding: none.
  confirm: {
    ...fieldStyles.note,
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: space(2),
    border: 0,
    padding: 0,
    minWidth: 0,
  },
  // inline-start: the question floats to the left in a left-to-right language, to the right in Hebrew and Arabic.
  ask: { float: 'inline-start', padding: 0 },
  failed: { ...fieldStyles.note, color: token('colorDanger') },
};
