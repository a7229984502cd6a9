import type {
  CashierError,
  CashierUpdate,
  FrameBootstrap,
  ProviderClient,
  ProviderClientOptions,
  StaticsAllowlist,
} from '../../shared';
import type { ContrastAdjustment } from '../../shared/appearance/contrast';
import type { ApiRelay } from './createApiRelay';
import type { HostPort } from './createHostPort';

/** Loader states of spec section 4 / DESIGN "Loader states". */
export type LoaderState = { status: 'waiting' } | { status: 'loaded' } | { status: 'failed'; error: CashierError };

/** What the loader needs; everything is injectable so tests need no iframe. */
export interface LoaderDeps {
  bootstrap: FrameBootstrap;
  host: HostPort;
  /** The element the bundle mounts into. */
  container: HTMLElement;
  /** Origins the bundle may come from (build-time VITE_CASHIER_STATICS_ORIGINS). */
  allowlist: StaticsAllowlist;
  /**
   * The exact bundle URLs a production build may import (security review M2), each pinned by its
   * SRI hash in the frame document's import map; a development allowlist ignores them, and `null`
   * (a development build with an allowlist of its own) pins nothing. Default none: a production
   * allowlist then imports nothing.
   */
  pinnedBundles?: readonly string[] | null;
  /**
   * Where card data goes (build-time VITE_CASHIER_VAULT_ORIGIN, resolved by shared/vault.ts): the
   * provider client's `vault`. Never taken from the host page. Default none (no card payments).
   */
  vaultOrigin?: string;
  /**
   * The PayPal approval page's origin (build-time VITE_CASHIER_PAYPAL_ORIGIN, resolved by
   * shared/payPalOrigin.ts): the bundle's `payPalOrigin`. Never taken from the host page. Default
   * none (every approval page refused).
   */
  payPalOrigin?: string;
  /**
   * The payments origin (build-time VITE_CASHIER_PAYMENTS_ORIGIN, resolved by
   * shared/paymentsOrigin.ts): the bundle's `paymentsOrigin`. Never taken from the host page.
   * Default none (every local method's page refused).
   */
  paymentsOrigin?: string;
  /** Imports the bundle module; default dynamic import(). */
  loadBundle: (url: string) => Promise<unknown>;
  /** Answers the host's relayed api calls. */
  relay: ApiRelay;
  /** Builds the provider client; default createProviderClient from shared. */
  createClient?: (options: ProviderClientOptions) => ProviderClient;
  /** The clock of the load phases, epoch milliseconds; default {@link epochNow}. */
  now?: () => number;
  /** When the frame document was loaded (FramePhases.frameLoaded); default unknown. */
  frameLoadedAt?: number;
  /**
   * Called once the settings request is on its way: work worth doing while the network answers
   * (the frame evaluates its React then, so a bundle that uses it mounts sooner). Default none.
   */
  whileFetching?: () => void;
  /**
   * The mount's `appearance` and `fonts` being applied (issue 35; the frame's appearance module,
   * imported while the settings request is out): the bundle mounts only once they are, so the
   * widget is never seen in another look first. Resolves with the colours moved for contrast
   * (reported to the host with the phases); a rejection (a value the frame refuses: a TypeError
   * naming the key) fails the load with INVALID_ARGUMENT. Default none: the default look.
   */
  appearance?: Promise<{ contrastAdjustments: ContrastAdjustment[] }>;
}

/** The loader: a state store (getSnapshot, subscribe), plus start and stop. */
export interface Loader {
  getSnapshot(): LoaderState;
  subscribe(listener: () => void): () => void;
  /** Settings → allowlist check → import → mount (spec 4, 7). Resolves when loaded or failed; never rejects. */
  start(): Promise<void>;
  /** The host went away: abort requests in flight, unmount the bundle; nothing fires after. */
  stop(): void;
  /**
   * The page goes into the back/forward cache (issue 19): a mounted bundle is unmounted, so no
   * typed card stays in the cached page; the connection and the loader state stay. An update
   * meanwhile is kept for {@link resume}. Does nothing unless loaded.
   */
  suspend(): void;
  /**
   * The page came back from the back/forward cache: the bundle {@link suspend} unmounted is
   * mounted again, empty, with the inputs as they are now, and the host hears `onApiInit` again
   * (the api keeps its methods). Does nothing without a suspend before it.
   */
  resume(): void;
  /**
   * Applies the host's changes (issue 13, `handle.update`), one update at a time: while waiting
   * they are kept for the mount; once loaded they go to the bundle's `update(props)`, or, for a
   * bundle without one, the bundle is unmounted and mounted again with them in this same document
   * (the host hears `onApiInit` once; the api keeps its methods). Rejects with the bundle's error
   * when it refuses them (nothing kept). Once failed they are kept for the alert's theme ({@link inputs}).
   */
  update(changes: CashierUpdate): Promise<void>;
  /** The widget inputs as they are now: the bootstrap's, with every applied update. */
  inputs(): FrameBootstrap;
}
