import type { AddressSubdivisionType, EventRecurrenceStatus, LocationType } from './enums';
import type { SaveCardConsent } from './savedCardShapes';

export type * from './savedCardShapes';

/**
 * The payloads of the provider operations the reference flow reads and sends (DESIGN "Reference
 * provider and bundle"): the spec shows the paths, not the shapes; these are the reference
 * provider's, checked on the way in by providerBodies.ts.
 */

/** An amount in minor units (cents) of an ISO 4217 currency. */
export interface Money {
  /** Integer minor units, e.g. 2500 for 25.00. */
  amount: number;
  /** ISO 4217 code, e.g. "EUR". */
  currency: string;
}

/** The event an order is for (reference shape; enumerations from spec section 3). */
export interface OrderEvent {
  /** The provider's id of the event, on orders it prices. */
  id?: string;
  name: string;
  /** ISO 8601 date-time of the start. */
  startsAt: string;
  locationType: LocationType;
  recurrenceStatus: EventRecurrenceStatus;
  /** Venue name or address, for `VENUE` events. */
  venue?: string;
}

/** One ticket line of an order, as the provider priced it. */
export interface OrderLine {
  /** The ticket type it is for (one of the event's). */
  ticketTypeId?: string;
  name: string;
  /** Price of one ticket, in minor units of the order currency: the provider's, never the caller's. */
  unitPrice: number;
  /** 1 or more. */
  quantity: number;
}

/** One line of an order setup: a ticket type of the event and how many (1 up to the type's `maxQuantity`). */
export interface OrderSetupLine {
  ticketTypeId: string;
  quantity: number;
}

/**
 * The buyer's details an order keeps (order setup's `buyer`, create contact and update order):
 * known fields only, each a string no longer than its `BUYER_FIELD_MAX_LENGTHS` entry;
 * anything else is refused with 400 naming the field.
 */
export type BuyerDetails = Partial<Record<BuyerFieldName, string>>;

/** The buyer fields an order keeps: the widget's and the demo form's names. */
export type BuyerFieldName = 'name' | 'fullName' | 'email' | 'phone' | 'address';

/**
 * Body of order setup: ids and quantities only. The provider prices the lines from the event's
 * own ticket types and currency; a body that carries a price (`unitPrice`, `amount`, `total`),
 * or any field not listed here, is refused with 400 INVALID_ORDER naming it, as is an unknown
 * event or ticket type, a ticket type listed twice, or a quantity over the type's limit.
 */
export interface OrderSetupRequest {
  /** The event's id, e.g. "riverside-jazz-night". */
  eventId: string;
  /** At least one line; each ticket type at most once. */
  lines: OrderSetupLine[];
  /** The buyer form's values, keyed by field name. */
  buyer?: BuyerDetails;
  /**
   * How long the provider holds the order's seats, in whole seconds: an
   * integer from 1 to 3600. Default: the provider's own (the reference provider's
   * `CASHIER_HOLD_SECONDS`, 600). A site's checkout chooses its hold; the demo passes `?hold=`.
   */
  holdSeconds?: number;
  /**
   * How often, and by how much, the buyer may extend the hold (issue 37; `POST
   * orders/{orderId}/hold-extensions`): `count` extensions (0–10; 0: none) of `seconds` each (1–3600).
   * Default: the provider's own (the reference provider's 2 of 300 s). A site whose event sells
   * out in minutes may turn extensions off with `{ count: 0, seconds: 1 }`.
   */
  holdExtensions?: HoldExtensionPolicy;
  /**
   * The buyer's country, ISO 3166-1 alpha-2 in upper case (e.g. `NL`): it decides which local
   * methods the order offers (iDEAL in NL, Bancontact in BE, BLIK in PL, Klarna in its markets) and,
   * for `PL`, prices the order in PLN. Absent: no local method. Anything else is 400 `INVALID_ORDER`.
   */
  country?: string;
}

/** An order's seat hold extension policy (order setup's `holdExtensions`). */
export interface HoldExtensionPolicy {
  /** How many extensions the order allows in all: a whole number, 0–10. */
  count: number;
  /** How much each extension adds to `holdExpiresAt`, in whole seconds, 1–3600. */
  seconds: number;
}

/** Order status in the reference flow. */
export type OrderStatus = 'AWAITING_PAYMENT' | 'PAID' | 'PAY_AT_VENUE';

/** An order (reference shape). */
export interface Order {
  id: string;
  status: OrderStatus;
  /** The buyer's country from order setup (ISO 3166-1 alpha-2), when it named one. */
  country?: string;
  event: OrderEvent;
  lines: OrderLine[];
  total: Money;
  buyer?: BuyerDetails;
  /** The charge that settled the order, once there is one. */
  chargeId?: string;
  /** ISO 8601. */
  createdAt: string;
  /**
   * When the seats' hold ends (ISO 8601, the provider's clock); each hold extension moves it
   * later. A payment that starts after it is refused with 409 `ORDER_HOLD_EXPIRED` and nothing is
   * charged; a payment already under way (a card charge, a 3-D Secure challenge, a PayPal checkout,
   * a wallet sheet) keeps the hold until it settles, for at most the provider's grace limit (the
   * reference provider's 15 minutes) past this time.
   * Absent: the provider holds nothing, and the widget shows no time left.
   */
  holdExpiresAt?: string;
  /**
   * The order's hold extensions: its policy (`count`, `seconds`) and how many are
   * `remaining` (0: the provider answers 409 `HOLD_NOT_EXTENDABLE`). Absent on a provider without
   * hold extensions.
   */
  holdExtensions?: HoldExtensionPolicy & { remaining: number };
}

/**
 * Local payment methods, which approve somewhere else and may settle later: iDEAL (the
 * Netherlands), Bancontact (Belgium), BLIK (Poland: a 6-digit code confirmed in the banking app)
 * and Klarna (pay later, or in 3 parts). Which an order offers depends on its currency and the
 * buyer's country (order setup's `country`).
 */
export type LocalMethodType = 'IDEAL' | 'BANCONTACT' | 'BLIK' | 'KLARNA';

/** Payment method types the reference flow offers. */
export type PaymentMethodType = 'CARD' | 'PAY_AT_VENUE' | 'PAYPAL' | LocalMethodType;

/** A payment method offered for an order. */
export interface PaymentMethod {
  type: PaymentMethodType;
  /** What the buyer sees, e.g. "Card", "Pay at the venue". */
  label: string;
}

/**
 * A payment method as the provider's reply lists it: `type` is checked to be a string, and may
 * name a method this widget does not take (the widget skips those); `label` and any other field
 * are as they came, to be narrowed where they are read.
 */
export interface OfferedPaymentMethod {
  /** "CARD", "PAY_AT_VENUE", or a type this widget does not know. */
  type: string;
  /** What the buyer sees, e.g. "Card"; unchecked. */
  label?: unknown;
}

/** Body of card tokenization. The card number never reaches the host page. */
export interface CardTokenizationRequest {
  holderName: string;
  /** Digits only. */
  number: string;
  /** 1–12. */
  expMonth: number;
  /** Four digits. */
  expYear: number;
  cvc: string;
  /**
   * "Save this card for next time", only when the buyer checked the box: the vault binds
   * this consent to the token, and the charge that uses the token saves the card once APPROVED (a
   * 3-D Secure one when it settles so). Not saved when declined, without a member, or for a saved
   * card's own token. It goes to the vault with the card, never in the charge body, which travels
   * through the page's `host` (security review M1); a malformed one is 400 `INVALID_SAVE_CARD`.
   */
  saveCard?: SaveCardConsent;
}

/** A card token: single use, stands for the card in a charge. */
export interface CardToken {
  token: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** Body of a charge by order. Sent with an `Idempotency-Key` header. */
export interface ChargeRequest {
  paymentMethod: PaymentMethodType;
  /** Required for `CARD`. */
  cardToken?: string;
  /**
   * Required for `BLIK`: the 6-digit code from the buyer's banking app. A code that is not 6
   * digits, or not one the provider knows, is refused with 400 `INVALID_BLIK_CODE` and nothing is
   * charged.
   */
  blikCode?: string;
  /** Where the receipt goes. */
  email?: string;
  /**
   * The card's billing address as the card form asks for it: checked against the
   * country's {@link AddressFormat} at charge time (400 `INVALID_BILLING_ADDRESS` naming the field)
   * and by the card's bank (AVS-like: a wrong postal code declines `incorrect_zip`). Optional, so
   * a charge without one is taken with no address check.
   */
  billingAddress?: BillingAddress;
}

/** A card's billing address: what the card form asks for. */
export interface BillingAddress {
  /** ISO 3166-1 alpha-2, upper case, e.g. `DE`. */
  country: string;
  /** Present when the country's address format has a postal code; as the buyer typed it, trimmed. */
  postalCode?: string;
  /** The state, province or prefecture code (`Subdivision.code`), when the address format needs one. */
  subdivision?: string;
}

/**
 * Reply of locale metadata: countries (spec 7): the billing countries the provider takes, ISO
 * 3166-1 alpha-2 codes. Names are the buyer's language's, from `Intl.DisplayNames`.
 */
export interface CountriesReply {
  countries: string[];
}

/**
 * Reply of locale metadata: address (spec 7), for one country: what a billing address there has.
 * The data are Google's address metadata (libaddressinput, chromium-i18n), trimmed to the fields
 * the card form asks for.
 */
export interface AddressFormat {
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** Absent when the country has no postal codes: the form shows no postal code field. */
  postalCode?: {
    /** A regular expression (source, no flags) a whole postal code matches, case-insensitively. */
    pattern: string;
    /** What the country calls it: `zip` (US), `postal` (everywhere else), `pin` (India). */
    label: 'zip' | 'postal' | 'pin';
    /** An example, e.g. `95014`. */
    example: string;
  };
  /** Absent when an address there needs no state or province. */
  subdivision?: {
    /** Its level (spec 3 "Address subdivision type"). */
    type: AddressSubdivisionType;
    /** What the country calls it. */
    label: 'state' | 'province' | 'prefecture' | 'county' | 'region' | 'emirate';
  };
}

/** One subdivision of a country (a state, province or prefecture). */
export interface Subdivision {
  /** Its code as the country's post uses it, e.g. `CA` (California), `NSW`, `東京都`. */
  code: string;
  /** Its name, in the country's own language (Intl has no subdivision names). */
  name: string;
  /** Its level (spec 3). */
  type: AddressSubdivisionType;
}

/** Reply of locale metadata: states (spec 7), for one country; empty when it has none the form asks for. */
export interface StatesReply {
  states: Subdivision[];
}

/**
 * Reply of buyer country resolution (spec 7): the country the provider places the buyer in (by
 * the request), or null when it cannot tell; the form then takes the locale's region.
 */
export interface BuyerCountryReply {
  country: string | null;
}

/** Reply of locale metadata: languages and multilingual languages (spec 7): BCP 47 tags. */
export interface LanguagesReply {
  languages: string[];
}

/**
 * Outcome of a charge. `PENDING` means one of two things, told apart by `paymentMethod`:
 * `PAY_AT_VENUE`, the order is settled and the buyer pays at the door (final); a local method
 * (`LocalMethodType`), the buyer approved and the bank is still confirming: the order is not paid
 * yet, and within seconds the charge becomes `APPROVED` or `DECLINED`. `REQUIRES_ACTION`: the buyer
 * must confirm the payment (3-D Secure challenge, a method's page, a BLIK confirmation:
 * `nextAction`); the charge is open until the challenge's result is recorded
 * or the charge is cancelled, then it settles as `APPROVED` or `DECLINED`, or as
 * `REFUNDED_HOLD_EXPIRED`: the bank approved it only after the order's seat hold had
 * ended for good (past `holdExpiresAt` and the provider's grace limit), so the seats were back on
 * sale; the provider refunded it in full at once (`refundedAt` set) and the order is not paid.
 */
export type ChargeStatus = 'APPROVED' | 'DECLINED' | 'PENDING' | 'REQUIRES_ACTION' | 'REFUNDED_HOLD_EXPIRED';

/**
 * What the buyer must do before a `REQUIRES_ACTION` charge settles:
 * - `THREE_DS_CHALLENGE`: show the bank's challenge page at `url`, which is always on the vault
 *   origin (fixed at build time), never on `host`;
 * - `REDIRECT` (iDEAL, Bancontact, Klarna): open the method's page at `url` in a popup from the
 *   buyer's click; `url` is always on the payments origin (fixed at build time);
 * - `BLIK_CONFIRM`: the buyer confirms in the banking app before `expiresAt`; nothing to open.
 * A `url` anywhere else is refused (`INVALID_RESPONSE`).
 */
export type NextAction =
  | {
      type: 'THREE_DS_CHALLENGE';
      /** Absolute URL of the challenge page, on the vault origin. */
      url: string;
    }
  | {
      type: 'REDIRECT';
      /** Absolute URL of the method's approval page, on the payments origin. */
      url: string;
    }
  | {
      type: 'BLIK_CONFIRM';
      /** Never present: there is no page to open. */
      url?: undefined;
      /** When the code stops being confirmable (ISO 8601): the charge then declines `code_expired`. */
      expiresAt: string;
    };

/** A charge (reference shape). */
export interface Charge {
  id: string;
  orderId: string;
  status: ChargeStatus;
  amount: Money;
  paymentMethod: PaymentMethodType;
  /** Why a `DECLINED` charge was declined, e.g. "card_declined", "insufficient_funds" (`DeclineCode`). */
  declineCode?: string;
  /** Present while `status` is `REQUIRES_ACTION`: what the buyer must do (a challenge, a redirect, a BLIK confirmation). */
  nextAction?: NextAction;
  /** ISO 8601. */
  createdAt: string;
  /** When the charge was refunded in full (ISO 8601); absent while it is not. */
  refundedAt?: string;
  /** A Klarna charge: what the buyer chose at Klarna, pay later in 30 days or in 3 parts. */
  klarnaOption?: 'PAY_LATER_30_DAYS' | 'PAY_IN_3_PARTS';
}
