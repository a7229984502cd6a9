// The demo host page: an event checkout as a ticketing site would build it. It creates the order
// with the provider (order setup: the event's and ticket types' ids and quantities; the provider
// prices them), mounts the widget for that order with the SDK's script-tag build, pays through
// the relayed api and reads the order back for the confirmation.
import { LocationType, type Order, type OrderSetupLine, type OrderSetupRequest, ProviderPaths } from '../../shared';
import { type CatalogEvent, findReferenceEvent } from '../../shared/referenceCatalog';
import type * as CashierSdk from '../index';
import type { CashierApi, CashierHandle } from '../types';
import { markInvalid, readBuyer, renderBuyerFields } from './buyerForm';
import { confirmationFor, type PayOutcome } from './confirmationFor';
import { createLanguagePicker } from './languagePicker';
import { recurrenceLabel } from './recurrenceLabel';
import { timingRows } from './timingRows';

declare global {
  interface Window {
    /** The SDK's script-tag build. */
    Cashier: typeof CashierSdk;
    /** Written by the demo server (provider/startAll.ts). */
    CASHIER_DEMO: { host: string; frameUrl: string; appInstance: string };
  }
}

/**
 * The provider's events (shared/referenceCatalog.ts) the page offers, by `?event=`: the page
 * shows their ticket types and prices as a site shows its catalog, and sends only ids and
 * quantities; what the buyer pays is the provider's price.
 */
const EVENT_IDS = { venue: 'riverside-jazz-night', online: 'modern-jazz-masterclass' } as const;

const config = window.CASHIER_DEMO;
const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

const eventKey = new URLSearchParams(location.search).get('event') === 'online' ? 'online' : 'venue';
const event = findReferenceEvent(EVENT_IDS[eventKey]) as CatalogEvent;
const TICKETS = event.ticketTypes;
const money = (minor: number) =>
  new Intl.NumberFormat('en-IE', { style: 'currency', currency: event.currency }).format(minor / 100);
let orderId: string | undefined;
let api: CashierApi | undefined;
let handle: CashierHandle | undefined;
/** The read-back of the order in flight, shared by a double click's two confirmations. */
let readingBack: Promise<void> | undefined;

function textElement(tag: string, text: string): HTMLElement {
  const element = document.createElement(tag);
  element.textContent = text;
  return element;
}

function log(kind: string, detail: string) {
  const item = document.createElement('li');
  item.dataset.kind = kind;
  item.textContent = `${new Date().toLocaleTimeString()} ${kind}: ${detail}`;
  $('events').appendChild(item);
}

/** A call to the provider from the host page (the site's own front end creates the order). */
async function provider<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${config.host}${path}`, {
    method,
    headers: { Authorization: config.appInstance, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json().catch(() => ({}))) as T & { message?: string };
  if (!response.ok) throw new Error(json.message ?? `${method} ${path} answered HTTP ${response.status}`);
  return json;
}

function renderEvent() {
  document.title = `Checkout — ${event.name}`;
  $('event-name').textContent = event.name;
  const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeStyle: 'short', timeZone: 'UTC' }).format(
    new Date(event.startsAt),
  );
  const where = event.locationType === LocationType.VENUE ? (event.venue ?? 'At the venue') : 'Online';
  $('event-meta').textContent = `${when} UTC · ${where} · ${recurrenceLabel(event.recurrenceStatus)}`;
  const other = $<HTMLAnchorElement>('other-event');
  other.href = eventKey === 'venue' ? '?event=online' : '?event=venue';
  other.textContent = eventKey === 'venue' ? 'See the online event instead' : 'See the venue event instead';
}

function renderTickets() {
  const container = $('tickets');
  TICKETS.forEach((ticket, index) => {
    const id = `ticket-${index}`;
    const row = document.createElement('div');
    row.className = 'tickets-row';
    const label = document.createElement('label');
    label.htmlFor = id;
    label.textContent = `${ticket.name} (${money(ticket.unitPrice)})`;
    const select = document.createElement('select');
    select.id = id;
    for (let n = 0; n <= ticket.maxQuantity; n += 1)
      select.add(new Option(String(n), String(n), false, n === (index === 0 ? 2 : 0)));
    select.addEventListener('change', updateTotal);
    row.append(label, select);
    container.appendChild(row);
  });
  updateTotal();
}

function selectedLines(): OrderSetupLine[] {
  return TICKETS.map((ticket, index) => ({
    ticketTypeId: ticket.id,
    quantity: Number($<HTMLSelectElement>(`ticket-${index}`).value),
  })).filter((line) => line.quantity > 0);
}

/** The total as the catalog prices it, for the page; the order's total is the provider's. */
function updateTotal() {
  const priceOf = (id: string) => TICKETS.find((t) => t.id === id)?.unitPrice ?? 0;
  $('total').textContent = money(selectedLines().reduce((sum, l) => sum + priceOf(l.ticketTypeId) * l.quantity, 0));
}

async function createOrderAndMount(submitEvent: SubmitEvent) {
  submitEvent.preventDefault();
  const error = $('order-error');
  error.textContent = '';
  const lines = selectedLines();
  if (lines.length === 0) {
    error.textContent = 'Choose at least one ticket.';
    return;
  }
  const read = readBuyer(document);
  markInvalid(document, 'problem' in read ? read.fieldId : undefined);
  if ('problem' in read) {
    error.textContent = read.problem;
    $(read.fieldId).focus();
    return;
  }
  // Not `disabled` while the order is created: a disabled button drops the keyboard focus it has (WCAG 2.4.3).
  const continueButton = $<HTMLButtonElement>('continue');
  if (continueButton.getAttribute('aria-disabled') === 'true') return;
  continueButton.setAttribute('aria-disabled', 'true');
  const request: OrderSetupRequest = { eventId: event.id, lines, buyer: read.buyer };
  mountWidget(read.buyer); // issue 24: while the order is created; it takes the order through update
  let order: Order;
  try {
    order = await provider<Order>('POST', ProviderPaths.orderSetup, request);
  } catch (thrown) {
    error.textContent = `The order could not be created: ${(thrown as Error).message}`;
    continueButton.removeAttribute('aria-disabled');
    handle?.destroy();
    $('place-order').hidden = true;
    return;
  }
  orderId = order.id;
  document.body.dataset.orderId = order.id;
  // The keyboard goes on to the payment (its heading takes the focus), then the form is closed.
  $('payment-title').focus();
  for (const el of $('order-form').querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLButtonElement>(
    'input, select, textarea, button',
  ))
    el.disabled = true;
  log('order setup', `${order.id}, total ${money(order.total.amount)}`);
  handle?.update({ orderId: order.id }).catch((e: Error) => log('update rejected', e.message));
}

/** Mounts the widget, its order to come, prefilled with what the buyer typed above (issue 13: `buyer`). */
function mountWidget(buyer: Record<string, string>) {
  $('payment-hint').textContent = 'Pay securely below.';
  const placeOrder = $<HTMLButtonElement>('place-order');
  placeOrder.hidden = false;
  handle = window.Cashier.mountCashier($('cashier'), {
    host: config.host,
    frameUrl: config.frameUrl,
    configuration: { appInstance: config.appInstance },
    buyer: { email: buyer.email, name: buyer.fullName },
    theme: 'inline',
    locale: language.locale(),
    onApiInit(received, timings) {
      api = received;
      $('ready-time').textContent = `${Math.round(timings.ready)} ms`;
      $('timings').replaceChildren(
        ...timingRows(timings).flatMap(([label, value]) => [textElement('dt', label), textElement('dd', value)]),
      );
      log('onApiInit', `api methods: ${Object.keys(received).join(', ')}`);
      placeOrder.disabled = false;
    },
    onCrash(crash) {
      log('onCrash', `${crash.code}: ${crash.message}`);
      placeOrder.disabled = true;
    },
    onSlow(ms) {
      log('onSlow', `not ready after ${Math.round(ms)} ms, still waiting`);
    },
    revalidateAppInstance: async () => {
      log('revalidateAppInstance', 'handing the frame a fresh app instance');
      return config.appInstance;
    },
  });
}

/**
 * "Place order": the widget pays. The button stays enabled while it does: the widget shares one
 * payment between clicks (a double click is one charge). A rejection (e.g. PAYMENT_OUTCOME_UNKNOWN)
 * or a payment that did not settle leaves Place order on screen and enabled; a settled one
 * (APPROVED, PENDING) replaces it with the confirmation read back from the provider.
 */
async function placeOrder() {
  if (!api || !orderId) return;
  const result = $('order-result');
  const button = $<HTMLButtonElement>('place-order');
  const pay = api.pay;
  if (!pay) {
    result.textContent = 'This widget cannot take payments.';
    return;
  }
  result.textContent = 'Processing your payment…';
  $('order-note').textContent = '';
  let outcome: PayOutcome & { message?: string };
  try {
    outcome = (await pay({ orderId })) as typeof outcome;
  } catch (thrown) {
    const error = thrown as { code?: string; message?: string };
    log('api.pay rejected', `${error.code}: ${error.message}`);
    result.textContent =
      error.code === 'PAYMENT_OUTCOME_UNKNOWN'
        ? 'We could not confirm your payment. Press Place order again: you will not be charged twice.'
        : `The payment could not be completed (${error.code}). Please try again.`;
    button.hidden = false;
    button.disabled = false;
    return;
  }
  log('api.pay', JSON.stringify(outcome));
  switch (outcome.status) {
    case 'INVALID':
      result.textContent = 'Please check the payment details.';
      return;
    case 'DECLINED':
      // The widget announces the decline itself (its alert): shown here, not announced twice.
      result.textContent = '';
      $('order-note').textContent = `The payment was declined. ${outcome.message ?? ''}`.trim();
      return;
    case 'APPROVED':
    case 'PENDING':
      // Place order goes, so the focus it has moves first: to the status, then to the confirmation.
      result.textContent = 'Confirming your order…';
      result.focus();
      button.hidden = true;
      readingBack ??= confirmOrder(orderId, outcome).finally(() => {
        readingBack = undefined;
      });
      return readingBack;
    default:
      result.textContent = `The payment ended in an unexpected state (${String(outcome.status)}). Please try again.`;
  }
}

/**
 * Reads the order back by id and shows it confirmed when it matches the pay outcome (see
 * confirmationFor). A read-back that fails or does not match shows the problem and a
 * "Check the order again" button that repeats only the read-back (the payment is not resent).
 */
async function confirmOrder(forOrder: string, outcome: PayOutcome): Promise<void> {
  const result = $('order-result');
  const again = $<HTMLButtonElement>('check-order');
  if (document.activeElement === again) result.focus(); // it is about to hide: keep the focus in the flow
  again.hidden = true;
  again.onclick = () => {
    readingBack ??= confirmOrder(forOrder, outcome).finally(() => {
      readingBack = undefined;
    });
  };
  result.textContent = 'Confirming your order…';
  let body: unknown;
  try {
    body = await provider<unknown>('GET', ProviderPaths.order(forOrder));
  } catch (thrown) {
    const message = thrown instanceof Error ? thrown.message : String(thrown);
    log('order read-back failed', message);
    result.textContent = `Your order was placed (charge ${outcome.chargeId}), but it could not be loaded to confirm it (${message}). Check the order again; do not pay again.`;
    again.hidden = false;
    again.focus();
    return;
  }
  const confirmation = confirmationFor(forOrder, body, outcome, money);
  if (!confirmation.ok) {
    log('order read-back', confirmation.problem);
    result.textContent = confirmation.problem;
    again.hidden = false;
    again.focus();
    return;
  }
  result.textContent = '';
  const section = $('confirmation');
  section.hidden = false;
  section.dataset.orderStatus = confirmation.status;
  section.dataset.chargeId = confirmation.chargeId;
  $('confirmation-text').textContent = confirmation.text;
  section.focus(); // read as "Order confirmed" with its text (WCAG 2.4.3, 4.1.3)
}

// issue 24: warm the payment step while the buyer chooses tickets (not with `?preload=off`).
const { host, frameUrl, appInstance } = config;
const warm =
  !/[?&]preload=off\b/.test(location.search) && window.Cashier.preloadCashier({ host, frameUrl, configuration: { appInstance } });
if (warm) warm.then(() => log('preloadCashier', 'done'));
renderEvent();
renderTickets();
renderBuyerFields($('buyer-fields'));
const language = createLanguagePicker($('widget-language'), location.search, (locale) => handle?.update({ locale }), log);
$<HTMLFormElement>('order-form').addEventListener('submit', (e) => void createOrderAndMount(e as SubmitEvent));
$('place-order').addEventListener('click', () => void placeOrder());
