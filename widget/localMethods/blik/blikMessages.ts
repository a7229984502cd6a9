import { msg } from '@lingui/core/macro';

/**
 * BLIK's words that the payment flow shows (issue 38; docs/plans/issue-38.md §5), from BLIK's
 * catalog: the provider refused the code (400 `INVALID_BLIK_CODE`), it expired unconfirmed
 * (`code_expired`), the buyer declined in the app (`customer_declined`), the pay button, and the
 * choice's short line of what happens next (`line`, under the BLIK radio, as the redirect methods' lines).
 */
export const BLIK_MESSAGES = {
  invalidCode: msg({
    message: 'This BLIK code is not valid. Get a new one in your banking app.',
    comment: 'The bank refused the 6-digit BLIK code the buyer typed; nothing was charged (BLIK is a brand name: keep it)',
  }),
  expired: msg({
    message: 'The code expired before you confirmed, so nothing was charged. Get a new code and try again.',
    comment: 'The BLIK code was not confirmed in the banking app in time (2 minutes); "code" is the 6-digit BLIK code',
  }),
  declined: msg({
    message: 'The payment was declined in your banking app, so nothing was charged.',
    comment: 'The buyer (or the bank) declined the BLIK payment in the banking app',
  }),
  line: msg({
    message: 'Enter the 6-digit code from your banking app, then confirm there.',
    comment:
      'Under the payment method BLIK (a brand name): what happens when the buyer chooses it; "code" is the 6-digit BLIK code',
  }),
  pay: msg({
    message: 'Pay with BLIK',
    comment: 'Button: pays with the BLIK code typed above (BLIK is a brand name: keep it)',
  }),
};
