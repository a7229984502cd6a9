import { isLocalMethod, LOCAL_METHOD_LABELS } from '../../shared/localMethods';
import {
  LOCAL_PAYMENT_SCRIPT,
  LOCAL_PAYMENT_SCRIPT_PATH,
  LOCAL_PAYMENT_STYLE,
  LOCAL_PAYMENT_STYLE_PATH,
  LOCAL_PAYMENTS_PATH,
  renderLocalPaymentDonePage,
  renderLocalPaymentPage,
  renderLocalPaymentProblemPage,
} from '../../shared/localPaymentPage';
import {
  isKlarnaOption,
  isLocalPageAnswer,
  type LocalPageChoices,
  type LocalPaymentView,
  type LocalRecordResult,
} from '../../shared/localPayments';
import { threeDsPageHeaders } from '../../shared/threeDsChallengePage';
import { type AnswerOrigin, allowed, asset, type PageReply } from './pages';

/** What the pages read and answer: the local payments' page side (`CheckoutStore.localPayments`). */
export interface LocalPaymentPageSource {
  view(chargeId: string): LocalPaymentView | undefined;
  record(chargeId: string, answer: 'approve' | 'decline' | 'pending' | 'cancel', choices?: LocalPageChoices): LocalRecordResult;
}

/** The page's form fields as they came (untrusted) → the choices it made; anything unknown is left out. */
export function readLocalPageChoices(form: Record<string, unknown>): LocalPageChoices {
  const { settleAs, klarnaOption } = form;
  return {
    ...(settleAs === 'approve' || settleAs === 'decline' ? { settleAs } : {}),
    ...(isKlarnaOption(klarnaOption) ? { klarnaOption } : {}),
  };
}

/**
 * The local methods' pages (issue 38) over `payments`, for the payments origin: the page at
 * `/local-payments/<chargeId>` (404 page when unknown, BLIK's or no longer open), its buttons'
 * answers (`…/approve`, `…/decline`, `…/pending`, `…/cancel`, form fields `settleAs` and
 * `klarnaOption`: recorded once; 403 page unless the POST's `Origin` is the page's own, 404 page for
 * an unknown charge or answer, 409 page once answered, cancelled or expired), its script and style
 * sheet. Pages carry the 3-D Secure page's headers with `frame-ancestors 'none'` (a popup, never
 * framed); the done page posts the outcome to each of `frameOrigins` and closes the popup.
 */
export function createLocalPaymentPages(payments: LocalPaymentPageSource, options: { frameOrigins: readonly string[] }) {
  const headers = threeDsPageHeaders([]);
  const problem = (status: PageReply['status'], title: string, text: string): PageReply => ({
    status,
    headers,
    body: renderLocalPaymentProblemPage(title, text),
  });
  const gone = () => problem(404, 'Payment not found', 'This payment does not exist or was already answered. Close this window.');
  return {
    /** The folder of the pages: `/local-payments/<chargeId>`. */
    pagePath: LOCAL_PAYMENTS_PATH,
    /** The page's script and style sheet, by path. */
    assets: {
      [LOCAL_PAYMENT_SCRIPT_PATH]: asset(LOCAL_PAYMENT_SCRIPT, 'text/javascript'),
      [LOCAL_PAYMENT_STYLE_PATH]: asset(LOCAL_PAYMENT_STYLE, 'text/css'),
    },
    /** The page of `chargeId`, or the 404 page. */
    show(chargeId: string): PageReply {
      const view = payments.view(chargeId);
      return view ? { status: 200, headers, body: renderLocalPaymentPage(view) } : gone();
    },
    /** A button's POST: `answer` with the form's fields, recorded once, then the page that tells the frame and closes. */
    answer(chargeId: string, answer: string, origin: AnswerOrigin, form: Record<string, unknown> = {}): PageReply {
      if (!isLocalPageAnswer(answer)) return gone();
      if (!allowed(origin)) return problem(403, 'Not allowed', 'Only the payment page itself can answer this payment.');
      const result = payments.record(chargeId, answer, readLocalPageChoices(form));
      if (result.status === 'unknown') return gone();
      if (result.status === 'closed')
        return problem(409, 'Already answered', 'This payment was already answered. Close this window.');
      const method = result.charge.paymentMethod;
      const label = isLocalMethod(method) ? LOCAL_METHOD_LABELS[method] : method;
      return { status: 200, headers, body: renderLocalPaymentDonePage(chargeId, label, answer, options.frameOrigins) };
    },
  };
}
