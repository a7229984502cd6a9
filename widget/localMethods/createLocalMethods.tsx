import { lazy, type ReactNode, Suspense } from 'react';
import type { Charge, ChargeRequest, LocalMethodType, PaymentMethod } from '../../shared';
import { isLocalMethod } from '../../shared/localMethods';
import type { PayResult } from '../toPayResult';
import { type BlikModule, LOCAL_KIT, type LocalChunk, type LocalDeps } from './localKit';
import type { LocalSessionApi } from './localSession';

/**
 * The BLIK chunk (`blik`, issue 38): `./blik/index.tsx`, built apart. Until it is in the tree the
 * glob finds nothing: BLIK is never taken (loadRefusals.ts `narrowMethods` keeps it out too).
 */
const loadBlik = import.meta.glob<BlikModule>('./blik/index.tsx', { import: 'default' })['./blik/index.tsx'];

/** True for a local method this build takes: iDEAL, Bancontact, Klarna, and BLIK once its chunk is in. */
const takes = (type: unknown): type is LocalMethodType => isLocalMethod(type) && (type !== 'BLIK' || !!loadBlik);

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
 *   - `takes(type)`: a local method this build takes (BLIK once its chunk is in);
 *   - `element(method)`: what the form shows when `method` is chosen;
 *   - `describe(type)`: the choice's short line of what happens next, once its chunk's words are in;
 *   - `prepare(methods, locale)`: fetches the chunks `methods` need, the words in `locale`, before
 *     the first paint (issue 36 item 1: the short lines are in the first form). Never rejects;
 *   - createPayment's `outcome(orderId)` (`localMethod`), `action(charge)` (`localAction`),
 *     `onPending(result)` and `blikBody()`;
 *   - `message(result)`: a redirect method's decline in the buyer's words, undefined for anything else;
 *   - `stop()`: the unmount (every watch stops).
 */
export function createLocalMethods(deps: LocalDeps) {
  const { store } = deps;
  const methods = (): PaymentMethod[] => store.getSnapshot().methods ?? [];
  const offered = (type: LocalMethodType) => takes(type) && methods().some((m) => m.type === type);
  let session: LocalSessionApi | undefined;
  let redirect: LocalChunk | undefined;
  let blik: BlikModule | undefined;
  let stopped = false;
  /** A redirect method's decline in the buyer's words (its panel's), undefined for anything else. */
  const message = (result: PayResult): string | undefined => {
    const method = result.status === 'DECLINED' ? session?.methodOf(result.chargeId) : undefined;
    return method && method !== 'BLIK' ? redirect?.declined(method) : undefined;
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
  const loadBlikChunk = once(async () => {
    blik = await (loadBlik as () => Promise<BlikModule>)();
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
  });

  const Redirect = lazy(async () => {
    const [{ session: shared }, chunk] = await Promise.all([loadSession(), loadRedirect()]);
    return { default: ({ method }: { method: LocalMethodType }) => <chunk.Panel method={method} session={shared} /> };
  });
  const Blik = lazy(async () => {
    const [{ Blik: Field }, module] = await Promise.all([loadSession(), loadBlikChunk()]);
    return { default: () => <Field blik={module} /> };
  });

  return {
    offered,
    offeredAny: () => methods().some((m) => offered(m.type as LocalMethodType)),
    takes,
    element: (method: LocalMethodType): ReactNode => (
      <Suspense fallback={null}>{method === 'BLIK' ? <Blik /> : <Redirect method={method} />}</Suspense>
    ),
    describe: (type: LocalMethodType): string | undefined => redirect?.describe(type),
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
    blikBody: (): ChargeRequest | PayResult => session?.blikBody(blik) ?? { status: 'INVALID', errors: {} },
    message,
    stop: (): void => {
      stopped = true;
      session?.stop();
    },
  };
}
