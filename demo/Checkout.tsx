import { type CashierChange, type CashierTimings, preloadCashier } from 'cashier-widget/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Order, OrderSetupLine, OrderSetupRequest } from '../shared';
import { type CatalogEvent, findReferenceEvent } from '../shared';
import { eventForCountry } from '../shared/referenceCatalog';
import { checkoutQuery, EVENT_IDS } from './checkoutQuery';
import { configFor, type DemoConfig, moneyFormat, providerClient } from './demoConfig';
import { EventHeader } from './EventHeader';
import { EventLog } from './EventLog';
import { widgetLook } from './lookPicker';
import { OrderForm } from './OrderForm';
import { PaymentStep } from './PaymentStep';
import { brandName } from './paymentEvents';
import { useEventLog } from './useEventLog';

/** Props of {@link Checkout}. */
export interface CheckoutProps {
  /** Where the provider and the frame are. */
  config: DemoConfig;
  /** The page's query string (`location.search`): `?event=`, `?hold=`, `?preload=off`, `?locale=`, `?buyer=returning`, `?look=`, `?country=`. */
  search: string;
}

/**
 * The demo checkout, as a ticketing site builds it: the event, its tickets and the buyer's details;
 * "Continue to payment" mounts the widget at once and creates the order (order setup: ids and
 * quantities, the provider prices them, and holds the seats for `?hold=` seconds), whose id the
 * widget gets when it comes; Place order pays, and the confirmation is what the site's own server
 * saw (a signed webhook, or its own read of the order: demo/server/), never the browser's word.
 * The widget is warmed with `preloadCashier` when the page loads (not with `?preload=off`). With
 * `?buyer=returning` the page signs in as the provider's returning buyer (saved cards). When the
 * seat hold runs out, "Hold tickets again" makes a new order with the same tickets and buyer.
 * `?country=NL|BE|PL|DE` is the buyer's market, sent with order setup: it decides the local payment
 * methods offered, and PL shows and charges the catalog's PLN prices.
 * Place order waits for the widget's `complete`, the card's brand shows beside the total, and
 * Escape in the widget leaves the payment step (issue 36): the widget goes, the details open
 * again, and their heading takes the focus; the order left behind is not paid (its hold runs out).
 */
export function Checkout({ config: written, search }: CheckoutProps) {
  const query = useMemo(() => checkoutQuery(search), [search]);
  // `?buyer=returning` (issue 25): the returning buyer's app instance, a member with saved cards.
  const config = useMemo(() => configFor(written, query.returning), [written, query.returning]);
  // The catalog in the buyer's market's currency (PL: PLN), as order setup will price it.
  const event = eventForCountry(findReferenceEvent(EVENT_IDS[query.eventKey]) as CatalogEvent, query.country);
  const money = useMemo(() => moneyFormat(event.currency), [event.currency]);
  const provider = useMemo(() => providerClient(config), [config]);
  const [entries, log] = useEventLog();
  const [request, setRequest] = useState<OrderSetupRequest>();
  const [order, setOrder] = useState<Order>();
  const [creating, setCreating] = useState(false);
  const [setupError, setSetupError] = useState('');
  const [holdExpired, setHoldExpired] = useState(false);
  const [timings, setTimings] = useState<CashierTimings>();
  const paymentTitle = useRef<HTMLHeadingElement>(null);
  const detailsTitle = useRef<HTMLHeadingElement>(null);
  /** The widget's last `onChange` in this visit of the payment step. */
  const [change, setChange] = useState<CashierChange>();
  /** Counts the visits of the payment step: an order setup that answers after the buyer left is dropped. */
  const visit = useRef(0);

  useEffect(() => {
    if (!query.preload) return;
    // Warms the payment step while the buyer chooses: the frame, its scripts, the settings, the bundle.
    const { host, frameUrl, appInstance } = config;
    // The starting look too (issue 35): the warm-up fetches the frame's appearance module and the fonts.
    const { appearance, fonts } = widgetLook(query.look, location.origin, false);
    preloadCashier({
      host,
      frameUrl,
      configuration: { appInstance },
      ...(appearance ? { appearance } : {}),
      ...(fonts ? { fonts } : {}),
    }).then(() => log('preloadCashier', 'the warm-up ended'));
  }, [config, query.preload, query.look, log]);

  /** Order setup for `next`; resolves to the order, or undefined (the problem shown) when it failed. */
  async function createOrder(next: OrderSetupRequest): Promise<Order | undefined> {
    setCreating(true);
    try {
      const created = await provider.setupOrder(next);
      document.body.dataset.orderId = created.id;
      log('order setup', `${created.id}, total ${money(created.total.amount)}`);
      return created;
    } catch (thrown) {
      setSetupError(`The order could not be created: ${(thrown as Error).message}`);
      return undefined;
    } finally {
      setCreating(false);
    }
  }

  async function continueToPayment(lines: OrderSetupLine[], buyer: Record<string, string>) {
    // `country` (issue 38) is not in the published OrderSetupRequest yet; the provider takes it.
    const next: OrderSetupRequest = {
      eventId: event.id,
      lines,
      buyer,
      ...(query.holdSeconds === undefined ? {} : { holdSeconds: query.holdSeconds }),
      ...(query.country === undefined ? {} : { country: query.country }),
    };
    setSetupError('');
    setRequest(next); // the widget mounts now, and gets the order's id when it comes
    const visiting = visit.current;
    const created = await createOrder(next);
    if (!created || visit.current !== visiting) return; // failed, or the buyer left meanwhile
    // The keyboard goes on to the payment (its heading takes the focus), then the form is closed.
    paymentTitle.current?.focus();
    setOrder(created);
  }

  /** Escape in the widget (PaymentStep says when it may): back to step 2, the widget unmounted, the order dropped. */
  function leavePayment() {
    visit.current += 1;
    setRequest(undefined);
    setOrder(undefined);
    setChange(undefined);
    setHoldExpired(false);
    setSetupError('');
    delete document.body.dataset.orderId;
    detailsTitle.current?.focus();
  }

  async function holdAgain() {
    if (!request) return;
    setSetupError('');
    const created = await createOrder(request);
    if (!created) return;
    setOrder(created);
    setHoldExpired(false);
  }

  return (
    <>
      <EventHeader event={event} eventKey={query.eventKey} />
      <main className="layout">
        <OrderForm
          event={event}
          money={money}
          creating={creating && !order}
          closed={order !== undefined}
          setupError={order ? '' : setupError}
          onContinue={(lines, buyer) => void continueToPayment(lines, buyer)}
          brand={brandName(change)}
          detailsTitleRef={detailsTitle}
        />
        <PaymentStep
          config={config}
          money={money}
          log={log}
          search={search}
          startLook={query.look}
          country={query.country}
          started={request !== undefined}
          orderId={order?.id}
          buyer={request?.buyer}
          holdExpired={holdExpired}
          holdingAgain={creating && order !== undefined}
          holdAgainError={order ? setupError : ''}
          onHoldExpired={({ orderId }) => {
            log('onHoldExpired', `the seats of order ${orderId} were released`);
            setHoldExpired(true);
          }}
          onHoldAgain={() => void holdAgain()}
          onReady={setTimings}
          change={change}
          onChange={setChange}
          onLeave={leavePayment}
          titleRef={paymentTitle}
        />
        <EventLog entries={entries} timings={timings} />
      </main>
      <footer className="layout">
        <p>
          <a href="/script-tag.html">The same checkout with the script-tag build</a>
        </p>
      </footer>
    </>
  );
}
