/**
 * The reference provider's checkout store: orders and their prices, seat holds, card tokens,
 * charges (idempotent, 3-D Secure), saved cards, wallets, PayPal checkouts and billing address
 * formats, as plain functions on an injectable clock. Framework-free: no Hono, no HTTP, no msw.
 * The provider's routes (`provider/`) and the mock mode's msw handlers (`testing/`) both serve
 * it; it imports only `shared/` and `node:crypto`.
 */
export { addressFormatOf, isCountryCode, SUPPORTED_COUNTRIES, statesOf } from './addressFormats';
export { CARD_TOKEN_TTL_MS, type CardTokenOutcome, type CardTokens, TEST_CARDS } from './cardTokens';
export { type CheckoutStore, createCheckoutStore } from './checkoutStore';
export type { CheckoutStoreOptions, HoldPolicy } from './checkoutStoreOptions';
export { createHoldExtensions, type ExtendableOrder, type HoldNotExtendableReason } from './holdExtensions';
export { describeHoldPolicyProblem, MAX_HOLD_GRACE_MS } from './holdPolicy';
export { createIdempotencyRecords, IDEMPOTENCY_TTL_MS } from './idempotencyRecords';
export { createLocalPaymentPages, type LocalPaymentPageSource, readLocalPageChoices } from './localPaymentPages';
export { type AnswerOrigin, createPayPalPages, createThreeDsPages, type PageReply } from './pages';
export { PAYPAL_APPROVAL_SCRIPT } from './payPalApprovalPage';
export { createPayPalCheckouts, type PayPalCheckouts } from './payPalCheckouts';
export { describeSaveCardProblem, MAX_CONSENT_TEXT_LENGTH } from './saveCardConsent';
export {
  createSavedCards,
  parseSavedCardList,
  RETURNING_BUYER_APP_INSTANCE,
  RETURNING_BUYER_CARDS,
  RETURNING_BUYER_MEMBER_ID,
  type StoredSavedCard,
} from './savedCards';
export { createSeatHolds, type HoldState, type SeatHolds, WALLET_SHEET_PAYMENT } from './seatHolds';
export { applicationError, fail, type StoreReply } from './storeReply';
export { tokenFingerprint } from './tokenFingerprint';
export { createWallets } from './wallets';
export { DECLINING_WALLET_TOKEN, tokenizeWallet } from './walletTokens';
