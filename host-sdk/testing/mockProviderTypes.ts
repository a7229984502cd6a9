import type { HttpHandler } from 'msw';
import type { NextAction } from '../../shared/providerShapes';
import type { MockFaults } from './validateMockOptions';

// The mock provider's public types (mockProvider.ts makes them).

/** An order the mock provider holds. */
export interface MockOrder {
  id: string;
  status: 'AWAITING_PAYMENT' | 'PAID';
  total: { amount: number; currency: string };
  /** The lines as priced, for an order made by the order setup call (`createOrder` makes none). */
  lines?: { ticketTypeId?: string; name: string; unitPrice: number; quantity: number }[];
  chargeId?: string;
}

/**
 * A charge the mock provider made (the reference provider's shape). `REQUIRES_ACTION` (a 3-D
 * Secure challenge card) carries `nextAction` until the challenge settles it APPROVED or DECLINED.
 */
export interface MockCharge {
  id: string;
  orderId: string;
  status: 'APPROVED' | 'DECLINED' | 'REQUIRES_ACTION';
  amount: { amount: number; currency: string };
  paymentMethod: 'CARD';
  /** Why a DECLINED charge was declined, e.g. `card_declined`, `authentication_failed`, `authentication_abandoned`. */
  declineCode?: string;
  /** While `REQUIRES_ACTION`: the challenge page, `<vaultOrigin>/three-ds/challenges/<id>`. */
  nextAction?: NextAction;
  createdAt: string;
}

/** What `createMockProvider` returns. */
export interface MockProvider {
  /** The provider base URL the handlers answer, as checked (no trailing slash): pass it to `mountCashier` as `host`. */
  readonly host: string;
  /** Where the handlers serve the bundle: the settings' `widgetStaticsBaseUrl`. */
  readonly staticsBaseUrl: string;
  /** The card vault origin the handlers answer card tokenization at, as checked. */
  readonly vaultOrigin: string;
  /**
   * msw request handlers (msw 2.15 or 3) for every request the frame and the bundle make to `host`,
   * `vaultOrigin` and `staticsBaseUrl`: widget settings, order setup and read, payment methods by
   * order, card tokenization, charges by order (create, list), by id and cancel, the 3-D Secure
   * challenge page with its script, style sheet and buttons, the bundle, and CORS preflights.
   * Give them to `setupServer` (Vitest), or answer the browser context's routed requests with
   * msw's `getResponse` (Playwright: context-level routing also sees the frame's requests).
   */
  readonly handlers: HttpHandler[];
  /**
   * Replaces the fault switches (all of them: `setFaults({})` clears them). Takes effect at the next request.
   * @throws TypeError naming the switch when one is unknown or of the wrong type.
   */
  setFaults(faults: MockFaults): void;
  /**
   * Creates an order awaiting payment, as a site's server would (order setup), and returns its id.
   * @param total the amount in minor units and the ISO 4217 currency; default 2500 EUR.
   * @throws TypeError naming `amount` or `currency` when not a whole number ≥ 0 / three letters.
   */
  createOrder(total?: { amount?: number; currency?: string }): string;
  /** The order by id, or undefined. */
  order(orderId: string): MockOrder | undefined;
  /** Every charge made so far, oldest first, declines included. */
  charges(): MockCharge[];
  /**
   * Answers the open 3-D Secure challenge of charge `chargeId` as the buyer would with the page's
   * buttons: `'complete'` ("Complete authentication": APPROVED, or DECLINED `card_declined` for
   * `threeDsChallengeDeclined`) or `'fail'` ("Fail authentication": DECLINED
   * `authentication_failed`). The page then answers 409. Returns the settled charge (a copy).
   * @throws TypeError when `outcome` is neither; Error when the charge is unknown or not
   * `REQUIRES_ACTION` (answered, cancelled or expired).
   */
  completeChallenge(chargeId: string, outcome: 'complete' | 'fail'): MockCharge;
  /** Forgets every order, card token, charge, challenge and idempotency key, and clears the faults. */
  reset(): void;
}
