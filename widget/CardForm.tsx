import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  type CSSProperties,
  type InputHTMLAttributes,
  type ReactNode,
  useLayoutEffect,
  useRef,
  useSyncExternalStore,
} from 'react';
import type { LocalMethodType } from '../shared';
import { isLocalMethod, LOCAL_METHOD_LABELS } from '../shared/localMethods';
import { APPEARANCE_CLASSES as C, classes, fontSize, LINE_HEIGHT, space, token } from './appearance';
import { BillingFields } from './BillingFields';
import { formatCardNumber } from './cardNumber';
import type { FormStore } from './createFormStore';
import { formatExpiry } from './expiry';
import { controlProps, describedBy, FormField, fieldStyles, refuseChange, useNoValueAttributes } from './FormField';
import { HOLD_EXPIRED, HoldNotice } from './HoldNotice';
import { type CardField, FIELD_LABELS, validateField } from './validateCardForm';

/** The card fields the form always has; the billing ones are {@link BillingFields}. */
type TextField = 'cardholderName' | 'cardNumber' | 'expirationDate' | 'securityCode' | 'email';

/**
 * Input attributes per field: autofill hints and keyboards. Digits and addresses stay left to
 * right in a right-to-left language (`dir="ltr"`), as card forms in Hebrew and Arabic show them.
 */
const INPUTS: Record<TextField, InputHTMLAttributes<HTMLInputElement>> = {
  cardholderName: { autoComplete: 'cc-name', type: 'text' },
  cardNumber: { autoComplete: 'cc-number', inputMode: 'numeric', type: 'text', placeholder: '1234 1234 1234 1234', dir: 'ltr' },
  expirationDate: { autoComplete: 'cc-exp', inputMode: 'numeric', type: 'text', dir: 'ltr' },
  securityCode: { autoComplete: 'cc-csc', inputMode: 'numeric', type: 'text', dir: 'ltr' },
  email: { autoComplete: 'email', type: 'email', inputMode: 'email', dir: 'ltr' },
};

/**
 * The format a field expects, shown under its label and read with it. Expiry and security code
 * share a row, so both have one and their inputs line up.
 */
const HINTS = {
  expirationDate: msg({ message: 'MM/YY', comment: 'The expiry date format (month, year) as local card forms write it' }),
  securityCode: msg({ message: '3 or 4 digits', comment: 'The length of the card security code (CVC)' }),
};

/** What the form's CSS reads: the label's small size (12 px by default) and its line, and a spacing unit. */
const SMALL = fontSize(12);
const UNIT = token('spacingUnit');
const FLOATING = 'html[data-cashier-labels=floating] .Field';

/**
 * The form's one rule set, for what inline styles cannot say.
 *
 * Focus rings (WCAG 2.4.7, 1.4.11): a 3 px ring outside the field in the appearance's focusRing
 * colour, the same whether the field is valid or not, so it stays distinct from an invalid field's
 * border (:focus-visible). In a right-to-left document the left-to-right inputs keep their text at
 * the start of the line (the right).
 *
 * Floating labels (`html[data-cashier-labels=floating]`, set by the frame): a field's label lies
 * over its input's top padding, which grows by the small label's line; the hint and the error move
 * under the input. An empty field's label sits where its text goes, in the input's size (its
 * placeholder hidden until focus); focused, filled or autofilled it shrinks to the top. The input's
 * padding never changes, so the field is as high filled as empty. A select is never
 * `:placeholder-shown` (inputs without a placeholder get `placeholder=" "`), so its label is always
 * small. Each state its own rule: a browser that does not know a selector drops only that rule.
 * `!important` where the inline styles set the same property.
 *
 * Selects: as high as a text field (its line, padding and 1 px borders, or flat's one 2 px edge),
 * since Firefox sizes a select's line by its font, which a late web font would change.
 *
 * Wallet buttons (issue 25 item 4; their chunk has no CSS of its own): black on a light scheme,
 * white with a thin border under `html[data-cashier-scheme=dark]`, as their brands' rules ask. The
 * border is an inset shadow, so the button's size is the same in both.
 */
const FORM_CSS = [
  `.cw-input:focus,.cw-radio:focus-visible,.cw-hold:focus-visible{outline:3px solid ${token('focusRing')};outline-offset:2px}`,
  '[dir=rtl] .cw-input[dir=ltr]{text-align:right}',
  // A select's line is the font's own in Firefox (its \`line-height: normal !important\`): its height
  // is set as a text field's, so a site's font arriving late does not grow it.
  `select.Input{height:calc(${LINE_HEIGHT}em + ${UNIT} * 4 + 2px)}`,
  `${FLOATING}{position:relative}`,
  `${FLOATING}>span{order:1}`,
  `${FLOATING} .Input{padding-top:calc(${UNIT} + ${SMALL} * ${LINE_HEIGHT})!important;padding-bottom:calc(${UNIT} * 1.5)!important}`,
  `${FLOATING} select.Input{height:calc(${LINE_HEIGHT}em + ${UNIT} * 2.5 + ${SMALL} * ${LINE_HEIGHT} + 2px)}`,
  `${FLOATING}:not(:focus-within) .Input::placeholder{color:transparent}`,
  `${FLOATING}>.Label{position:absolute;top:calc(${UNIT} + ${SMALL} * ${LINE_HEIGHT} + 1px);inset-inline-start:calc(${UNIT} * 2.5 + 1px);max-width:calc(100% - ${UNIT} * 5 - 2px);overflow:hidden;white-space:nowrap;text-overflow:ellipsis;pointer-events:none;font-size:${token('fontSizeBase')}!important;font-weight:400!important;color:${token('colorTextSecondary')}}`,
  `${FLOATING}:focus-within>.Label{top:calc(${UNIT} + 1px);font-size:${SMALL}!important;font-weight:600!important;color:inherit}`,
  `${FLOATING}:has(.Input:not(:placeholder-shown))>.Label{top:calc(${UNIT} + 1px);font-size:${SMALL}!important;font-weight:600!important;color:inherit}`,
  `${FLOATING}:has(.Input:autofill)>.Label{top:calc(${UNIT} + 1px);font-size:${SMALL}!important;font-weight:600!important;color:inherit}`,
  // The saved cards' buttons keep the browser's font (as before appearances), with the form's line.
  `:where(.Button){line-height:${LINE_HEIGHT}}`,
  '.cw-wallet{background:#000;color:#fff}',
  '.cw-wallet-google{background:#202124}',
  'html[data-cashier-scheme=dark] .cw-wallet{background:#fff;color:#000;box-shadow:inset 0 0 0 1px #747775}',
].join('');

const FORMATTERS: Partial<Record<CardField, (v: string) => string>> = {
  cardNumber: formatCardNumber,
  expirationDate: formatExpiry,
  securityCode: (v) => v.replace(/\D/g, '').slice(0, 4),
};

/** The payment methods' names, by type (the provider's `label` is English). */
const METHOD_LABELS = {
  CARD: msg({ message: 'Card', comment: 'A payment method: pay by credit or debit card' }),
  PAY_AT_VENUE: msg({ message: 'Pay at the venue', comment: 'A payment method: pay when arriving at the event' }),
  PAYPAL: msg({ message: 'PayPal', comment: 'A payment method: pay with a PayPal account (a brand name, keep as is)' }),
};

/** Props of {@link CardForm}. */
export interface CardFormProps {
  store: FormStore;
  /** The mount's translator, active in the store's locale. */
  i18n: I18n;
  /** Prefix for element ids, unique per mount. */
  idPrefix: string;
  theme: string;
  /** Called once, after the first render is on screen. */
  onReady: () => void;
  /** The buyer chose another billing country: load its address format. */
  onCountry: (country: string) => void;
  /** A member's saved cards (issue 25, a lazy chunk): what the card method shows, given the card fields. Default: the fields. */
  wrapCard?: (cardFields: ReactNode) => ReactNode;
  /** What PAYPAL shows when chosen (issue 25: paypal/createPayPal.tsx); default nothing. */
  payPal?: ReactNode;
  /**
   * The local methods (issue 38: localMethods/createLocalMethods.tsx): what a chosen one shows, and
   * each choice's short line of what happens next (undefined until its chunk's words are in). Default none.
   */
  local?: { element: (method: LocalMethodType) => ReactNode; describe: (type: LocalMethodType) => string | undefined };
  /** The Apple Pay and Google Pay buttons, above the method choice whatever it is (issue 25 item 4: wallets/createWallets.tsx); default nothing. */
  wallets?: ReactNode;
  /** The buyer asked to keep the tickets longer (issue 37: HoldNotice's action). */
  onExtendHold?: () => void;
}

/** Why the form takes no edits while it is locked; the fields and the method choice point at it. */
export const LOCKED_EXPLANATION = msg`Your payment details cannot be changed until we know the outcome of this payment.`;

/**
 * The card payment form: the card's labelled fields, its billing fields (issue 23: country, and
 * the postal code and state where the country's addresses have them), errors shown on blur and on
 * validate(), every word in the store's locale. While the
 * store is locked (a payment running or its outcome unknown) the fields are read-only, the method
 * radios disabled, and each of them is described by {@link LOCKED_EXPLANATION}, shown under the
 * notice when there is one (a lost reply) and visually hidden otherwise. The order's seat hold
 * (issue 24) shows above the form as {@link HoldNotice}; once it has expired the form stays locked
 * and its fields are described by the expiry message instead.
 */
export function CardForm(props: CardFormProps) {
  const { store, i18n, idPrefix, theme, onReady, onCountry, wrapCard = (f) => f, payPal, local, wallets, onExtendHold } = props;
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const { values, errors, methods = [], method, notice, locked, challenge, hold } = snapshot;
  // Layout effect: the form is in the DOM; the host hears "ready" without waiting for a paint.
  useLayoutEffect(() => onReady(), [onReady]);
  // The typed card is in no attribute a selector could match.
  const form = useRef<HTMLFormElement>(null);
  useNoValueAttributes(form);
  const modal = theme === 'modal';
  const card = method === 'CARD';
  const lockedId = `${idPrefix}-locked`;
  const rules = { format: snapshot.billing?.format };

  const field = (name: TextField, style?: CSSProperties) => {
    const id = `${idPrefix}-${name}`;
    const error = errors[name];
    const hint = name === 'expirationDate' || name === 'securityCode' ? HINTS[name] : undefined;
    return (
      <FormField
        id={id}
        label={i18n._(FIELD_LABELS[name])}
        hint={hint && i18n._(hint)}
        error={error && i18n._(error)}
        style={style}
      >
        <input
          // `:placeholder-shown` is how a floating label knows an empty field (the card number has its own).
          placeholder=" "
          {...INPUTS[name]}
          {...controlProps(id, name, error, !!hint, locked, lockedId)}
          value={values[name]}
          readOnly={locked}
          onChange={(e) => {
            if (store.getSnapshot().locked) return refuseChange(e.currentTarget, store.getSnapshot().values[name]);
            const format = FORMATTERS[name];
            store.setValue(name, format ? format(e.target.value) : e.target.value);
            if (error) store.setError(name, validateField(name, store.getSnapshot().values, rules));
          }}
          onBlur={() => {
            if (store.getSnapshot().values[name] !== '')
              store.setError(name, validateField(name, store.getSnapshot().values, rules));
          }}
        />
      </FormField>
    );
  };

  return (
    <form
      ref={form}
      noValidate
      aria-label={i18n._(msg({ message: 'Payment', comment: "The payment form's accessible name, read by screen readers" }))}
      // Behind the 3-D Secure dialog (issue 22): out of reach of focus and of assistive technology.
      inert={challenge !== undefined}
      style={{ ...cardFormStyles.form, ...(modal ? cardFormStyles.modal : {}) }}
      onSubmit={(e) => e.preventDefault()}
    >
      <style>{FORM_CSS}</style>
      {hold && <HoldNotice hold={hold} i18n={i18n} locale={snapshot.locale} onExtend={onExtendHold} />}
      {notice && (
        <p role="alert" className={C.notice} style={fieldStyles.notice}>
          {i18n._(notice)}
        </p>
      )}
      {locked && (
        // Shown under a notice (a lost reply); otherwise (a pay running) only announced, so that
        // the form does not jump while the buyer waits.
        // Once the seat hold has expired, the fields point at that (shown above) instead.
        <p id={lockedId} className={notice ? C.notice : undefined} style={notice ? fieldStyles.note : fieldStyles.visuallyHidden}>
          {i18n._(hold?.expired ? HOLD_EXPIRED : LOCKED_EXPLANATION)}
        </p>
      )}
      {wallets}
      {methods.length > 1 && (
        <fieldset style={cardFormStyles.methods} disabled={locked} aria-describedby={describedBy(locked && lockedId)}>
          <legend className={C.label} style={fieldStyles.label}>
            {i18n._(msg`Payment method`)}
          </legend>
          {methods.map((m) => {
            // A local method's short line of what happens next (issue 38), read with its choice.
            const line = isLocalMethod(m.type) ? local?.describe(m.type) : undefined;
            const lineId = `${idPrefix}-method-${m.type}`;
            return (
              <label
                key={m.type}
                className={classes(C.method, method === m.type && C.methodSelected)}
                style={line ? { ...fieldStyles.choice, flexWrap: 'wrap' } : fieldStyles.choice}
              >
                <input
                  type="radio"
                  className="cw-radio"
                  name={`${idPrefix}-method`}
                  value={m.type}
                  checked={method === m.type}
                  disabled={locked}
                  aria-describedby={line ? lineId : undefined}
                  onChange={() => store.setMethod(m.type)}
                />
                {isLocalMethod(m.type) ? LOCAL_METHOD_LABELS[m.type] : i18n._(METHOD_LABELS[m.type])}
                {line && (
                  <span id={lineId} className={C.notice} style={cardFormStyles.line}>
                    {line}
                  </span>
                )}
              </label>
            );
          })}
        </fieldset>
      )}
      {card ? (
        wrapCard(
          <>
            {field('cardholderName')}
            {field('cardNumber')}
            <div style={cardFormStyles.row}>
              {field('expirationDate', cardFormStyles.rowField)}
              {field('securityCode', cardFormStyles.rowField)}
            </div>
            <BillingFields store={store} i18n={i18n} idPrefix={idPrefix} lockedId={lockedId} onCountry={onCountry} />
            {field('email')}
          </>,
        )
      ) : method === 'PAYPAL' ? (
        payPal
      ) : isLocalMethod(method) ? (
        local?.element(method)
      ) : (
        <p className={C.notice} style={fieldStyles.note}>
          {i18n._(msg`You pay at the venue when you arrive. Your tickets are reserved when you place the order.`)}
        </p>
      )}
    </form>
  );
}

/**
 * The card form's inline styles: its box (`form`, and `modal`'s tighter padding and gaps), the
 * expiry and security code row and the method radios. FormSkeleton draws its placeholder with the
 * same box and row, so it is as tall as the form that replaces it.
 */
export const cardFormStyles: Record<'form' | 'modal' | 'row' | 'rowField' | 'methods' | 'line', CSSProperties> = {
  form: {
    display: 'flex',
    flexDirection: 'column',
    gap: space(3),
    padding: space(4),
    fontFamily: token('fontFamily'),
    lineHeight: LINE_HEIGHT,
    color: token('colorText'),
    background: token('colorBackground'),
    overflowWrap: 'break-word',
  },
  modal: { padding: space(2), gap: space(2) },
  // A local method's short line (issue 38): on its own line under the method's name.
  line: { display: 'block', flexBasis: '100%', fontSize: fontSize(12) },
  // Expiry and security code share a row while each can be 140 px wide, and wrap below that.
  row: { display: 'flex', flexWrap: 'wrap', gap: space(3) },
  rowField: { flex: '1 1 140px' },
  // A fieldset is min-content wide by default; the method radios wrap instead.
  methods: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: `${space(2)} ${space(4)}`,
    border: 0,
    padding: 0,
    margin: 0,
    minWidth: 0,
  },
};
