import { msg } from '@lingui/core/macro';
import type { BillingAddress, ChargeRequest, PaymentMethodType, ProviderApi, SaveCardConsent } from '../shared';
import type { Message } from './i18n/createTranslator';
import { asCashierError } from './paymentErrors';
import type { PayResult } from './toPayResult';
import type { CardField, CardFormValues, ValidationResult } from './validateCardForm';

/** A charge ready to send: its body and the idempotency key it goes with. */
export interface ChargeAttempt {
  key: string;
  body: ChargeRequest;
}

/** What {@link prepareCharge} reads and calls. */
export interface PrepareChargeDeps {
  api: Pick<ProviderApi, 'tokenizeCard'>;
  /** The payment method the buyer chose. */
  method: () => PaymentMethodType;
  /** The card form's values. */
  values: () => CardFormValues;
  /** Validates the card form, shows its errors and focuses the first invalid field. */
  validate: () => ValidationResult;
  /** Shows errors the provider found in the card (tokenization) beside their fields; returns them as shown (translated). */
  showErrors: (errors: Partial<Record<CardField, Message>>) => ValidationResult['errors'];
  /**
   * The billing address to send with the card (issue 23), from the billing fields the country's
   * format asks for; undefined when the provider's locale metadata could not be loaded.
   */
  billingAddress: () => BillingAddress | undefined;
  /** A fresh idempotency key. */
  newKey: () => string;
  /**
   * With a saved card chosen (issue 25, after `validate`): its single-use token from the vault, or
   * the INVALID result of a code the provider refused; undefined for a typed card. Default: none.
   */
  savedCardToken?: () => Promise<string | PayResult> | undefined;
  /**
   * A typed card's "save this card" consent (issue 25), undefined unless the box is checked: sent
   * with the card to the vault's tokenization, never in the charge. Default: none.
   */
  saveCard?: () => SaveCardConsent | undefined;
  /**
   * BLIK chosen (issue 38): the charge body `{ paymentMethod: 'BLIK', blikCode }` with the code the
   * buyer typed, or INVALID when it is not a 6-digit code (the field's error shown). Default: INVALID `{}`.
   */
  blikBody?: () => ChargeRequest | PayResult;
}

/** Tokenization errors the buyer can fix, by the field they belong to. */
const TOKENIZATION_FIELD_ERRORS: Record<string, [CardField, Message]> = {
  INVALID_CARD_NUMBER: ['cardNumber', msg`Enter a valid card number`],
  CARD_EXPIRED: ['expirationDate', msg`This card has expired`],
  INVALID_CVC: ['securityCode', msg`Enter a valid security code`],
  INVALID_CARD: ['cardholderName', msg`Enter the name on the card`],
};

/**
 * A new charge for the chosen method with a fresh key: pay at the venue needs nothing; BLIK its
 * code (issue 38); a card is
 * validated, then tokenized (the card number goes to the provider, never to the host); a saved
 * card (issue 25) is charged with its saved-card token alone (no number, address or email), and a
 * typed card's tokenization carries the buyer's consent to save it when given (the vault binds it
 * to the token; the charge body never carries it: security review M1).
 * @returns the attempt, or an INVALID result (the form's errors, or the provider's on the card's
 *   fields, shown).
 * @throws the provider client's CashierError when tokenization fails for another reason (nothing was charged).
 */
export async function prepareCharge(deps: PrepareChargeDeps): Promise<ChargeAttempt | PayResult> {
  if (deps.method() === 'PAY_AT_VENUE') return { key: deps.newKey(), body: { paymentMethod: 'PAY_AT_VENUE' } };
  // BLIK (issue 38): the code typed in the widget, charged like a card; nothing to tokenize.
  if (deps.method() === 'BLIK') {
    const body = deps.blikBody?.() ?? { status: 'INVALID', errors: {} };
    return 'status' in body ? body : { key: deps.newKey(), body };
  }
  const validation = deps.validate();
  if (!validation.valid) return { status: 'INVALID', errors: validation.errors };
  const saved = await deps.savedCardToken?.();
  if (typeof saved === 'object') return saved;
  if (saved) return { key: deps.newKey(), body: { paymentMethod: 'CARD', cardToken: saved } };
  const values = deps.values();
  const [month, year] = values.expirationDate.split('/').map((part) => Number(part.trim()));
  // The consent goes to the vault with the card, which binds it to the token: never in the charge
  // body, which the page's `host` could change (security review M1).
  const saveCard = deps.saveCard?.();
  let cardToken: string;
  try {
    const token = await deps.api.tokenizeCard({
      holderName: values.cardholderName.trim(),
      number: values.cardNumber.replace(/\D/g, ''),
      expMonth: month ?? 0,
      expYear: year !== undefined && year < 100 ? 2000 + year : (year ?? 0),
      cvc: values.securityCode,
      ...(saveCard ? { saveCard } : {}),
    });
    cardToken = token.token;
  } catch (error) {
    const fieldError = TOKENIZATION_FIELD_ERRORS[asCashierError(error).details.applicationErrorCode ?? ''];
    if (!fieldError) throw error;
    return { status: 'INVALID', errors: deps.showErrors({ [fieldError[0]]: fieldError[1] }) };
  }
  const billingAddress = deps.billingAddress();
  return {
    key: deps.newKey(),
    body: {
      paymentMethod: 'CARD',
      cardToken,
      email: values.email.trim(),
      ...(billingAddress ? { billingAddress } : {}),
    },
  };
}
