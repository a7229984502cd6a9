import type { CardBrand, CashierChange } from 'cashier-widget/react';

// What the demo checkout makes of the widget's events (issue 36 item 5): Place order waits for a
// complete form, the card's brand shows beside the total, Escape leaves the payment step.

/**
 * The card brands as the page shows them beside the total. The demo's words are English only
 * (the widget's own words are translated, the demo page's are not): `unknown` has none.
 */
export const BRAND_NAMES: Readonly<Record<Exclude<CardBrand, 'unknown'>, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
};

/** The brand of the last change as the page shows it beside the total; '' when none is known (none yet, `unknown`, not a card). */
export function brandName(change: CashierChange | undefined): string {
  const brand = change?.brand;
  if (!brand || brand === 'unknown') return '';
  return BRAND_NAMES[brand] ?? '';
}

/** What Place order waits for: the widget's api, the order, and the form the widget last said was complete. */
export interface PlaceOrderState {
  /** True once the widget handed its api (`onApiInit`). */
  ready: boolean;
  /** The order to pay; undefined while order setup runs. */
  orderId?: string;
  /** True once the widget crashed (`onCrash`). */
  crashed: boolean;
  /** True once the order's seat hold ran out (`onHoldExpired`). */
  holdExpired: boolean;
  /** The widget's last `onChange`; undefined before its first. */
  change?: CashierChange;
}

/** True when Place order may pay: the widget is ready, the order made and held, and the last change says `complete`. */
export function canPlaceOrder({ ready, orderId, crashed, holdExpired, change }: PlaceOrderState): boolean {
  return ready && orderId !== undefined && !crashed && !holdExpired && change?.complete === true;
}

/** Where the payment stands, for Escape: `idle` (nothing running), `paying`, `unknown` (a lost reply), `settled`. */
export type PaymentPhase = 'idle' | 'paying' | 'unknown' | 'settled';

/**
 * Whether Escape in the widget leaves the payment step: only while no payment runs, none has an
 * unknown outcome (leaving could make the buyer pay a second order) and none settled (the order is paid).
 */
export function escapeLeaves(phase: PaymentPhase): boolean {
  return phase === 'idle';
}

/** The log line of an Escape in phase `phase`: what the page did with it. */
export function escapeDetail(phase: PaymentPhase): string {
  switch (phase) {
    case 'idle':
      return 'back to your details (step 2)';
    case 'paying':
      return 'ignored: a payment is running';
    case 'unknown':
      return "ignored: the last payment's outcome is not known yet";
    case 'settled':
      return 'ignored: the order is paid';
  }
}
