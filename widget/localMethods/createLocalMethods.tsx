import { lazy, type ReactNode, Suspense } from 'react';
import type { CashierError, Charge, ChargeRequest, LocalMethodType, PaymentMethod } from '../../shared';
import { isLocalMethod } from '../../shared/localMethods';
import type { Translator } from '../i18n/createTranslator';
import type { PayResult } from '../toPayResult';
import { type BlikModule, LOCAL_KIT, type LocalChunk, type LocalDeps } from './localKit';
import type { LocalSessionApi } from './localSession';

/** The BLIK chunk (`blik`, issue 38): `./blik/index.tsx`, built apart, fetched only for an order that offers BLIK. */
const loadBlik = () => import('./blik').then((chunk) => chunk.default as BlikModule);

/** True for a local method this build takes: iDEAL, Bancontact, Klarna and BLIK. */
const takes = isLocalMethod as (type: unknown) => type is LocalMethodType;

/** A load that is tried again after it failed (a failed load is not cached). */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load();
    loading.catch(() => (loading = undefined));
    return loading;
  };
}

/**
 * The local payment methods' choice (issue 38), light in the bundle (one per mount, as
 * createPayPal): iDEAL, Bancontact and Klarna pay from their panel's button in a popup on the
 * payments origin (the `local-redirect` chunk); BLIK takes its code in the form and `pay` charges it
 * (the `blik` chunk). What they share (the session: where the payment is, the watch of a charge the
 * bank is still confirming, `onPaymentResult` once per charge) is the `local-shared` chunk. Each is
 * fetched only when the order offers a member of its family, never otherwise.
 * @returns
 *   - `offered(type)` / `offeredAny()`: the mounted order's methods include `type` / any local one this build takes;
 *   - `takes(type)`: a local method this build takes;
 *   - `element(method)`: what the form shows when `method` is chosen;
 *   - `describe(type)`: the choice's short line of what happens next, once its chunk's words are in;
 *   - `prepare(methods, locale)`: fetches the chunks `methods` need, the words in `locale`, before
 *     the first paint (issue 36 item 1: the short lines are in the first form). Never rejects;
 *   - createPayment's `outcome(orderId)` (`localMethod`), `action(charge)` (`localAction`),
 *     `onPending(result)`, `blikBody()` and `chargeRefused(error)` (BLIK's refused code on its field);
 *   - `message(result)`: a local method's decline in the buyer's words (its panel's, or BLIK's:
 *     declined in the app, or the code expired), undefined for anything else;
 *   - `stop()`: the unmount (every watch stops).
 */
export function createLocalMethods(deps: LocalDeps) {
  const { store } = deps;
  const methods = (): PaymentMethod[] => store.getSnapshot().methods ?? [];
  const offered = (type: LocalMethodType) => takes(type) && methods().some((m) => m.type === type);
  let session: LocalSessionApi | undefined;
  let redirect: LocalChunk | undefined;
  /** BLIK's translator (its own catalog), once its chunk is in: it follows the store's language. */
  let blikWords: Translator | undefined;
  let stopped = false;
  /** A local method's decline in the buyer's words (its panel's, or BLIK's), undefined for anything else. */
  const message = (result: PayResult): string | undefined => {
    const method = result.status === 'DECLINED' ? session?.methodOf(result.chargeId) : undefined;
    return method === 'BLIK' ? session?.blikDeclined(result) : method && redirect?.declined(method);
  };
  /** The result as the host hears it: `pay`'s words for a refund (deps.told), the method's for a decline. */
  const told = (result: PayResult): PayResult => {
    const words = message(result);
    return words === undefined ? deps.told(result) : ({ ...result, message: words } as PayResult);
  };
  const loadSession = once(() =>
    import('./localSession').then(({ createLocalSession }) => {
      session = createLocalSession({ ...deps, told, kit: LOCAL_KIT, offered });
      if (stopped) session.stop();
      return session;
    }),
  );
  const loadRedirect = once(() =>
    import('./redirect/RedirectPanel').then(async ({ redirectChunk }) => {
      await redirectChunk.use(store.getSnapshot().locale);
      redirect = redirectChunk;
      return redirectChunk;
    }),
  );
  /** The BLIK chunk and its words in the store's language (English when they cannot be fetched), handed to the session. */
  const loadBlikChunk = once(async () => {
    const [{ useBlik }, blik] = await Promise.all([loadSession(), loadBlik()]);
    const words = await blik.loadBlikWords(store.getSnapshot().locale);
    useBlik(blik, words);
    blikWords = words;
    return blik;
  });
  /** The chunks `list` needs: the session and each offered family's. */
  const fetchFor = (list: PaymentMethod[]) => {
    const local = list.map((m) => m.type).filter(takes);
    if (!local[0]) return Promise.resolve([]);
    return Promise.all([
      loadSession(),
      local.some((t) => t !== 'BLIK') && loadRedirect(),
      local.includes('BLIK') && loadBlikChunk(),
    ]);
  };
  let locale = store.getSnapshot().locale;
  store.subscribe(() => {
    fetchFor(methods()).catch(() => undefined);
    const now = store.getSnapshot().locale;
    if (now === locale) return;
    locale = now;
    redirect?.use(now).then(deps.rerender);
    blikWords?.use(now).then(deps.rerender, () => undefined);
  });

  const Redirect = lazy(async () => {
    const [{ session: shared }, chunk] = await Promise.all([loadSession(), loadRedirect()]);
    return { default: ({ method }: { method: LocalMethodType }) => <chunk.Panel method={method} session={shared} /> };
  });
  const Blik = lazy(async () => {
    const [{ Blik: Field }] = await Promise.all([loadSession(), loadBlikChunk()]);
    return { default: Field };
  });

  return {
    offered,
    offeredAny: () => methods().some((m) => offered(m.type as LocalMethodType)),
    takes,
    element: (method: LocalMethodType): ReactNode => (
      <Suspense fallback={null}>{method === 'BLIK' ? <Blik /> : <Redirect method={method} />}</Suspense>
    ),
    describe: (type: LocalMethodType): string | undefined => (type === 'BLIK' ? session?.blikLine() : redirect?.describe(type)),
    prepare: async (known: PaymentMethod[], language: Promise<string>): Promise<void> => {
      await language;
      await fetchFor(known).catch(() => undefined);
    },
    outcome: (orderId: string): Promise<PayResult> | undefined => session?.outcome(orderId),
    action: (charge: Charge): Promise<Charge> => loadSession().then((s) => s.action(charge)),
    onPending: (result: Extract<PayResult, { status: 'PENDING' }>): void => {
      loadSession().then(
        (s) => s.onPending(result),
        () => undefined,
      );
    },
    blikBody: (): ChargeRequest | PayResult => session?.blikBody() ?? { status: 'INVALID', errors: {} },
    chargeRefused: (refused: CashierError): PayResult | undefined => session?.blikRefused(refused),
    message,
    stop: (): void => {
      stopped = true;
      session?.stop();
    },
  };
}
