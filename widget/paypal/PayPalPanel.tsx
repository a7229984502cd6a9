import { msg } from '@lingui/core/macro';
import { type CSSProperties, type ReactElement, useEffect, useReducer, useRef, useState, useSyncExternalStore } from 'react';
import type { Charge } from '../../shared';
import { APPEARANCE_CLASSES as C, fontSize, space } from '../appearance';
import type { Translator } from '../i18n/createTranslator';
import type { PayResult } from '../toPayResult';
import { createPayPalCalls, runPayPal } from './payPalFlow';
import { createPayPalI18n } from './payPalI18n';
import type { PayPalDeps, PayPalKit, PayPalStart } from './payPalKit';

/** The panel's words (issue 25): their own catalog (`paypal/locales/`), translated when shown. */
const WORDS = {
  pay: msg({ message: 'Pay with PayPal', comment: 'Button: opens the PayPal window to pay (PayPal is a brand name)' }),
  open: msg({ message: 'Open PayPal', comment: 'Button: opens the PayPal window again after the browser blocked it' }),
  waiting: msg`Finish the payment in the PayPal window. Nothing is charged until you approve it there.`,
  blocked: msg`Your browser blocked the PayPal window. Select Open PayPal to try again.`,
  cancelled: msg`You cancelled the PayPal payment, so nothing was charged. Choose how you want to pay.`,
  closed: msg`The PayPal window was closed before you approved the payment, so nothing was charged. Choose how you want to pay.`,
  failed: msg`The PayPal payment could not be completed. Try again, or choose another way to pay.`,
  unknown: msg`We could not confirm your payment. Try again to check it: you will not be charged twice.`,
  approved: msg`PayPal approved your payment.`,
};

type Phase = 'idle' | 'open' | 'blocked' | 'cancelled' | 'closed' | 'failed' | 'unknown' | 'approved';

/** Props of {@link PayPalPanel}. */
export interface PayPalPanelProps extends PayPalDeps {
  /** Called when a PayPal payment starts (its window opened). */
  onStart: (start: PayPalStart) => void;
  /** The bundle's paths and guards (`PAYPAL_KIT`). */
  kit: PayPalKit;
  /** The panel's translator ({@link loadPayPalPanel}), switched to the store's language as it changes. */
  words: Translator;
}

/**
 * The PayPal chunk's entry for `React.lazy`: the panel with its own translator, whose words in
 * `locale` (BCP 47; the store's language at the first render) are loaded before it shows, so it
 * never flashes English first. A catalog that cannot be fetched leaves the panel in English.
 */
export async function loadPayPalPanel(
  locale: string,
): Promise<{ default: (props: Omit<PayPalPanelProps, 'words'>) => ReactElement }> {
  const words = createPayPalI18n();
  await words.use(locale).catch(() => undefined);
  return { default: (props) => <PayPalPanel {...props} words={words} /> };
}

/**
 * Target and features of the PayPal window: a popup beside the page. `_blank`, never a name
 * (security review 2026-11-28 M3): any page the frame is embedded in may look a named window up with
 * `window.open('', name)`, and would then hold the buyer's popup and could send it to a look-alike
 * login page. Without `noopener`: the approval page posts the buyer's answer to its opener. The
 * panel keeps the window it opened, and uses it again while it is open.
 */
export const PAYPAL_WINDOW = { target: '_blank', features: 'popup,width=480,height=640' };

/**
 * What PAYPAL shows (issue 25): "Pay with PayPal". Its click opens the PayPal window AT ONCE
 * (`window.open` in the click handler, before any request: Safari blocks a popup opened after an
 * await, paypal-js #449), then runs the payment (payPalFlow.ts) while the form is locked. Approved:
 * the result goes to `paid` and to the host's `onPaymentResult` (a capture refunded because the seat
 * hold ended, issue 37: REFUNDED_HOLD_EXPIRED with `pay`'s message). The seat hold waits while the
 * window is open (`hold.paying`). Cancelled or the window closed:
 * nothing charged, the choices again with a message. A blocked window (`window.open` gave null):
 * a message and "Open PayPal", which opens it on the next click. The window has no name a page could
 * look up ({@link PAYPAL_WINDOW}); the panel keeps it and, while it is still open, uses it again on
 * the next click. It is sent only to an approval page on the frame build's PayPal origin
 * (`payPalOrigin`, never derived from `host`), and only that origin's message is the buyer's answer.
 */
export function PayPalPanel(props: PayPalPanelProps) {
  const { store, current, kit, words } = props;
  const { i18n } = words;
  const { locked, locale } = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const [, rendered] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    words.use(locale).then(rendered, () => undefined);
  }, [words, locale]);
  const [phase, setPhase] = useState<Phase>('idle');
  /** The PayPal window the panel opened last: only the panel holds it (no name to look it up by). */
  const opened = useRef<Window | null>(null);
  const lock = (on: boolean) => store.setLocked(on || props.payment().openOrder() !== undefined);

  const start = () => {
    const { orderId, providerClient, payPalOrigin } = current();
    if (orderId === undefined || phase === 'open' || locked) return;
    const win = window;
    const previous = opened.current;
    const popup = previous && !previous.closed ? previous : win.open('', PAYPAL_WINDOW.target, PAYPAL_WINDOW.features);
    if (!popup) {
      setPhase('blocked');
      return;
    }
    opened.current = popup;
    if (popup === previous) popup.focus();
    setPhase('open');
    lock(true);
    props.hold.paying(orderId);
    const calls = createPayPalCalls(providerClient.request, payPalOrigin, kit);
    const settle = (capture: () => Promise<Charge>) => props.payment().captureInWidget(orderId, capture);
    const result = runPayPal({ popup, orderId, calls, settle, approvalOrigin: payPalOrigin, win }).then(
      (end): PayResult => {
        lock(false);
        if (end.outcome !== 'approved') {
          props.hold.settled(orderId, false);
          setPhase(end.outcome);
          return { status: 'INVALID', errors: {} };
        }
        const paid = props.told(end.result);
        const ok = paid.status === 'APPROVED' || paid.status === 'PENDING';
        // Refunded because the hold ended (issue 37): the hold's notice says the time ran out.
        setPhase(ok ? 'approved' : paid.status === 'REFUNDED_HOLD_EXPIRED' ? 'idle' : 'failed');
        props.hold.settled(orderId, ok);
        current().onPaymentResult?.(paid);
        return paid;
      },
      (error: unknown) => {
        lock(false);
        props.hold.settled(orderId, false);
        const failure = kit.asCashierError(error);
        // The capture's reply was lost and the order's charges could not tell: not "nothing charged".
        setPhase(failure.code === 'PAYMENT_OUTCOME_UNKNOWN' ? 'unknown' : 'failed');
        throw failure;
      },
    );
    result.catch(() => undefined); // `pay` reports it; the panel shows it
    props.onStart({ orderId, result });
  };

  const blocked = phase === 'blocked';
  const notice = phase === 'idle' || phase === 'open' ? undefined : WORDS[phase];
  return (
    <div style={styles.panel}>
      {phase === 'open' ? (
        <p role="status" className={C.notice} style={styles.text}>
          {i18n._(WORDS.waiting)}
        </p>
      ) : (
        phase !== 'approved' && (
          // PayPal's brand button (its gold and shape), so not the appearance's `Button`.
          <button type="button" style={styles.button} disabled={locked} onClick={start}>
            {i18n._(blocked ? WORDS.open : WORDS.pay)}
          </button>
        )
      )}
      {notice && (
        <p role={phase === 'approved' ? 'status' : 'alert'} className={C.notice} style={styles.text}>
          {i18n._(notice)}
        </p>
      )}
    </div>
  );
}

const styles: Record<string, CSSProperties> = {
  panel: { display: 'flex', flexDirection: 'column', gap: space(2) },
  // PayPal's gold pill, whatever the appearance (its brand's rules); only its spacing follows it.
  button: {
    minHeight: 44,
    paddingBlock: space(2),
    paddingInline: space(4),
    border: 0,
    borderRadius: 22,
    background: '#ffc439',
    color: '#111',
    font: 'inherit',
    fontWeight: 600,
    cursor: 'pointer',
  },
  text: { margin: 0, fontSize: fontSize(14) },
};
