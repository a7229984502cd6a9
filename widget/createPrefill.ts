import type { CashierBuyer } from '../shared';
import type { FormSnapshot, FormStore } from './createFormStore';
import type { CardFormValues } from './validateCardForm';

/**
 * What the host knows of the buyer, in the fields (issue 13): `prefill(buyer)` puts `buyer.email`
 * and `buyer.name` (cardholder name) in their fields, replacing only what an earlier prefill put
 * there, never what the buyer typed ({@link FormStore.prefill}); `validate` checks them as on blur.
 * An undefined buyer changes nothing.
 */
export function createPrefill(store: FormStore, validate: (values: CardFormValues) => FormSnapshot['errors']) {
  /** What the last prefill put in the fields. */
  let prefilled: Partial<CardFormValues> = {};
  return (buyer: CashierBuyer | undefined) => {
    if (!buyer) return;
    const values: Partial<CardFormValues> = {
      ...(buyer.email === undefined ? {} : { email: buyer.email }),
      ...(buyer.name === undefined ? {} : { cardholderName: buyer.name }),
    };
    store.prefill(values, prefilled, validate);
    prefilled = { ...prefilled, ...values };
  };
}
