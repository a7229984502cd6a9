// The script-tag integration (issue 24): the demo checkout's flow, trimmed, on a page that loads
// the SDK with a <script> tag (window.Cashier) and no framework. Two tickets of the venue event's
// first type, the buyer's details, "Continue to payment" (order setup, then mountCashier),
// "Place order" (api.pay) and the confirmation the site's own server gives (demo/server/).

import type * as CashierSdk from 'cashier-widget';
import type { CashierApi } from 'cashier-widget';
import type { Order } from '../shared';
import { type CatalogEvent, findReferenceEvent } from '../shared';
import { askSiteServer } from './askSiteServer';
import { markInvalid, readBuyer, renderBuyerFields } from './buyerForm';
import { EVENT_IDS } from './checkoutQuery';
import { confirmationFor, isBeingConfirmed, type PayOutcome } from './confirmationFor';
import { moneyFormat, providerClient } from './demoConfig';

declare global {
  interface Window {
    /** The SDK's script-tag build. */
    Cashier: typeof CashierSdk;
  }
}

const config = window.CASHIER_DEMO;
const provider = providerClient(config);
const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const event = findReferenceEvent(EVENT_IDS.venue) as CatalogEvent;
const ticket = event.ticketTypes[0] as CatalogEvent['ticketTypes'][number];
const QUANTITY = 2;
const money = moneyFormat(event.currency);

/** Order setup for the fixed tickets and the buyer, then the widget for that order. */
async function continueToPayment(submitEvent: SubmitEvent) {
  submitEvent.preventDefault();
  const error = $('order-error');
  const read = readBuyer(document);
  markInvalid(document, 'problem' in read ? read.fieldId : undefined);
  if ('problem' in read) {
    error.textContent = read.problem;
    $(read.fieldId).focus();
    return;
  }
  error.textContent = '';
  // Not `disabled` while the order is created: a disabled button drops the keyboard focus it has.
  const button = $<HTMLButtonElement>('continue');
  if (button.getAttribute('aria-disabled') === 'true') return;
  button.setAttribute('aria-disabled', 'true');
  let order: Order;
  try {
    order = await provider.setupOrder({
      eventId: event.id,
      lines: [{ ticketTypeId: ticket.id, quantity: QUANTITY }],
      buyer: read.buyer,
    });
  } catch (thrown) {
    error.textContent = `The order could not be created: ${(thrown as Error).message}`;
    button.removeAttribute('aria-disabled');
    return;
  }
  document.body.dataset.orderId = order.id;
  $('payment-title').focus();
  for (const el of $('order-form').querySelectorAll<HTMLInputElement | HTMLButtonElement>('input, button')) el.disabled = true;
  const placeOrder = $<HTMLButtonElement>('place-order');
  placeOrder.hidden = false;
  let api: CashierApi | undefined;
  window.Cashier.mountCashier($('cashier'), {
    host: config.host,
    frameUrl: config.frameUrl,
    configuration: { appInstance: config.appInstance },
    orderId: order.id,
    buyer: { email: read.buyer.email, name: read.buyer.fullName },
    onApiInit(received) {
      api = received;
      placeOrder.disabled = false;
    },
    onCrash(crash) {
      $('order-result').textContent = `The payment form could not load (${crash.code}).`;
      placeOrder.disabled = true;
    },
  });
  placeOrder.addEventListener('click', () => void pay(order.id, api));
}

/** "Place order": the widget pays; a settled payment shows what the site's server confirmed of it. */
async function pay(orderId: string, api: CashierApi | undefined) {
  const result = $('order-result');
  if (!api?.pay) return;
  result.textContent = 'Processing your payment…';
  let outcome: PayOutcome & { message?: string };
  try {
    outcome = (await api.pay({ orderId })) as typeof outcome;
  } catch (thrown) {
    result.textContent = `The payment could not be completed (${(thrown as { code?: string }).code}). Please try again.`;
    return;
  }
  if (isBeingConfirmed(outcome)) {
    // A local method's payment the bank is still confirming: the order is not paid yet.
    result.textContent = 'Your bank is confirming the payment…';
    return;
  }
  if (outcome.status !== 'APPROVED' && outcome.status !== 'PENDING') {
    // The widget shows what to fix, or announces the decline, itself.
    result.textContent = outcome.status === 'DECLINED' ? '' : 'Please check the payment details.';
    return;
  }
  result.textContent = 'Confirming your order…';
  result.focus();
  $('place-order').hidden = true;
  let body: unknown;
  try {
    body = await askSiteServer(orderId);
  } catch (thrown) {
    result.textContent = `Your order was placed (charge ${outcome.chargeId}), but the site's server could not confirm it (${(thrown as Error).message}). Do not pay again.`;
    return;
  }
  const confirmation = confirmationFor(orderId, body, money);
  if (!confirmation.ok) {
    result.textContent = confirmation.problem;
    return;
  }
  result.textContent = '';
  const section = $('confirmation');
  section.hidden = false;
  section.dataset.orderStatus = confirmation.status;
  section.dataset.chargeId = confirmation.chargeId;
  section.dataset.source = confirmation.source;
  $('confirmation-text').textContent = confirmation.text;
  section.focus();
}

$('event-name').textContent = event.name;
$('tickets').textContent = `${QUANTITY} × ${ticket.name}, ${money(QUANTITY * ticket.unitPrice)}`;
renderBuyerFields($('buyer-fields'));
$<HTMLFormElement>('order-form').addEventListener('submit', (e) => void continueToPayment(e as SubmitEvent));
