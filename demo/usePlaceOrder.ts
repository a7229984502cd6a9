import type { CashierApi, PayResult } from 'cashier-widget/react';
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { askSiteServer } from './askSiteServer';
import { type Confirmation, confirmationFor, isBeingConfirmed, type PayOutcome } from './confirmationFor';
import type { PaymentPhase } from './paymentEvents';
import type { Log } from './useEventLog';

/** What {@link usePlaceOrder} needs: the widget's api, the order, and where to log. */
export interface PlaceOrderInputs {
  /** The widget's api from `onApiInit`; undefined until it is ready. */
  api?: CashierApi;
  /** The order the buyer pays for; undefined until order setup answers. */
  orderId?: string;
  /** Formats minor units of the order's currency. */
  money: (minor: number) => string;
  log: Log;
}

/** A settled payment whose confirmation the buyer can ask the site's server for again. */
type ReadBack = { orderId: string; outcome: PayOutcome };

/**
 * "Place order" and what the page shows of it (`#order-result`, `#order-note`, "Check the order
 * again", the confirmation), with the focus moves: to the status when the payment settles, to
 * "Check the order again" when the site's server did not confirm it, to the confirmation when it did.
 * `place()` pays with `api.pay({ orderId })`; the button stays enabled while it does (the widget
 * shares one payment between clicks: a double click is one charge). A rejection or a payment that
 * did not settle leaves Place order on screen, and so does a local method's PENDING (the bank is
 * still confirming: "Your bank is confirming the payment…", until `onPaymentResult` tells how it
 * settled); a settled one (APPROVED, PENDING at the venue) hides it and asks
 * the site's own server (askSiteServer, for up to 10 s), which fulfils only from a signed webhook or
 * its own read of the order: the page shows what the server saw (confirmationFor), never the
 * browser's word. `checkAgain()` asks the server again. `phase` says whether a payment runs, has an
 * unknown outcome or settled; `reset()` forgets a payment that never settled (the buyer left the step).
 */
export function usePlaceOrder({ api, orderId, money, log }: PlaceOrderInputs) {
  const [result, setResult] = useState('');
  const [note, setNote] = useState('');
  const [settled, setSettled] = useState(false);
  /** Where the last Place order stands while nothing settled: running, or its outcome unknown (a lost reply). */
  const [running, setRunning] = useState<Exclude<PaymentPhase, 'settled'>>('idle');
  const [again, setAgain] = useState<ReadBack>();
  const [confirmation, setConfirmation] = useState<Extract<Confirmation, { ok: true }>>();
  const resultRef = useRef<HTMLParagraphElement>(null);
  const againRef = useRef<HTMLButtonElement>(null);
  const confirmationRef = useRef<HTMLElement>(null);
  /** The order whose settled payment the page confirms: one confirmation, however many outcomes tell of it. */
  const confirmedOrder = useRef<string>(undefined);
  /** The question to the site's server in flight, shared by a double click's two confirmations. */
  const readingBack = useRef<Promise<void>>(undefined);

  function readBackOnce(readBack: ReadBack): Promise<void> {
    readingBack.current ??= confirmOrder(readBack).finally(() => {
      readingBack.current = undefined;
    });
    return readingBack.current;
  }

  async function confirmOrder({ orderId: forOrder, outcome }: ReadBack): Promise<void> {
    if (document.activeElement === againRef.current) resultRef.current?.focus(); // it is about to hide
    flushSync(() => {
      setAgain(undefined);
      setResult('Confirming your order…');
    });
    const offerAgain = (problem: string) => {
      flushSync(() => {
        setResult(problem);
        setAgain({ orderId: forOrder, outcome });
      });
      againRef.current?.focus();
    };
    let body: unknown;
    try {
      body = await askSiteServer(forOrder);
    } catch (thrown) {
      const message = thrown instanceof Error ? thrown.message : String(thrown);
      log('site server', `could not confirm: ${message}`);
      offerAgain(
        `Your order was placed (charge ${outcome.chargeId}), but the site's server could not confirm it (${message}). Check the order again; do not pay again.`,
      );
      return;
    }
    log('site server', JSON.stringify(body));
    const read = confirmationFor(forOrder, body, money);
    if (!read.ok) {
      offerAgain(read.problem);
      return;
    }
    flushSync(() => {
      setResult('');
      setConfirmation(read);
    });
    confirmationRef.current?.focus(); // read as "Order confirmed" with its text (WCAG 2.4.3, 4.1.3)
  }

  async function place(): Promise<void> {
    if (!api || !orderId) return;
    const pay = api.pay;
    if (!pay) {
      setResult('This widget cannot take payments.');
      return;
    }
    setResult('Processing your payment…');
    setNote('');
    setRunning('paying');
    let outcome: PayOutcome & { message?: string };
    try {
      outcome = (await pay({ orderId })) as typeof outcome;
    } catch (thrown) {
      const error = thrown as { code?: string; message?: string };
      log('api.pay rejected', `${error.code}: ${error.message}`);
      setRunning(error.code === 'PAYMENT_OUTCOME_UNKNOWN' ? 'unknown' : 'idle');
      setResult(
        error.code === 'PAYMENT_OUTCOME_UNKNOWN'
          ? 'We could not confirm your payment. Press Place order again: you will not be charged twice.'
          : `The payment could not be completed (${error.code}). Please try again.`,
      );
      setSettled(false);
      return;
    }
    log('api.pay', JSON.stringify(outcome));
    setRunning('idle');
    return settle(orderId, outcome);
  }

  /**
   * What the page shows of a payment's outcome, whoever started it: Place order (`pay`) or the
   * buyer inside the widget (PayPal, `onPaymentResult`, issue 25). A settled one is confirmed once.
   */
  function settle(forOrder: string, outcome: PayOutcome & { status: string; message?: string }): Promise<void> | undefined {
    if (isBeingConfirmed(outcome)) {
      // Not paid yet: the widget keeps watching and calls onPaymentResult once it settles.
      setRunning('paying');
      setResult('Your bank is confirming the payment…');
      return;
    }
    setRunning('idle');
    switch (outcome.status) {
      case 'INVALID':
        setResult('Please check the payment details.');
        return;
      case 'DECLINED':
        // The widget announces the decline itself (its alert): shown here, not announced twice.
        setResult('');
        setNote(`The payment was declined. ${outcome.message ?? ''}`.trim());
        return;
      case 'APPROVED':
      case 'PENDING':
        if (confirmedOrder.current === forOrder) return; // pay() and onPaymentResult both told of it
        confirmedOrder.current = forOrder;
        // Place order goes, so the focus it has moves first: to the status, then to the confirmation.
        flushSync(() => setResult('Confirming your order…'));
        resultRef.current?.focus();
        setSettled(true);
        return readBackOnce({ orderId: forOrder, outcome });
      default:
        setResult(`The payment ended in an unexpected state (${String(outcome.status)}). Please try again.`);
    }
  }

  /** `onPaymentResult`: a payment the buyer started inside the widget settled (issue 25: PayPal). */
  function paidInWidget(result: PayResult): void {
    log('onPaymentResult', JSON.stringify(result));
    if (result.status !== 'INVALID') void settle(result.orderId, result);
  }

  return {
    /** The status line (`#order-result`). */
    result,
    /** The note (`#order-note`): what the widget already announced, not read twice. */
    note,
    /** True once a payment settled: Place order is hidden. */
    settled,
    /** Where the payment stands: `idle`, `paying`, `unknown` (a lost reply) or `settled`. */
    phase: (settled ? 'settled' : running) as PaymentPhase,
    /** True when the site's server did not confirm the order: "Check the order again" shows. */
    canCheckAgain: again !== undefined,
    /** The order as the site's server confirmed it. */
    confirmation,
    place,
    paidInWidget,
    checkAgain: () => (again ? readBackOnce(again) : Promise.resolve()),
    /** Forgets what the page shows of a payment that did not settle (the buyer left the payment step). */
    reset: () => {
      setResult('');
      setNote('');
      setRunning('idle');
      setAgain(undefined);
    },
    refs: { result: resultRef, again: againRef, confirmation: confirmationRef },
  };
}
