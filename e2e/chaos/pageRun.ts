import type { APIRequestContext, Browser } from '@playwright/test';
import type { ProviderControl } from '../support/provider';
import type { RecordChallenge } from './challengeControl';
import type { Bounds } from './observations';
import type { ChaosPlan, MountPlan } from './plan';

// What a page of the chaos run is given (runChaos.ts to runPage.ts, and on to preparePage.ts and
// drivePayPal.ts): its own module, so the page's parts need not import the page's runner.

/** Where the run's servers answer. */
export interface ChaosUrls {
  /** The host page's origin (localhost), serving e2e/fixtures/test-host.html. */
  host: string;
  /** The frame app's URL (127.0.0.1, another site). */
  frame: string;
  /** The provider's origin (API, statics, control). */
  provider: string;
  /** A frame URL on a port nobody listens on (a frame that never loads). */
  closedPort: string;
}

/** What one page of the run needs. */
export interface PageRun {
  browser: Browser;
  plan: ChaosPlan;
  /** The page's mounts to run (all of the plan's page, or those `--only` kept). */
  mounts: MountPlan[];
  urls: ChaosUrls;
  control: ProviderControl;
  /** Makes the orders (POST orders/setup with a mount's token), as the demo checkout does. */
  api: APIRequestContext;
  bounds: Bounds;
  /** Orders made so far in this run, by mount (a remount pays an earlier mount's). */
  orders: Map<number, string>;
  /** Records a 3-D Secure challenge's result with the provider (challengeControl.ts). */
  recordChallenge: RecordChallenge;
  /** Offers PayPal to this app instance's orders too (issue 25); resolves once the provider has it. */
  offerPayPal: (instance: string) => Promise<void>;
  /** Issue 37: the orders made with a seat hold plan, by order id, as order setup answered. */
  holds: Map<string, OrderHold>;
}

/** An order made for a mount's seat hold plan (issue 37), as order setup answered it. */
export interface OrderHold {
  orderId: string;
  mount: number;
  page: number;
  /** The token that made it (it reads the order and asks for more time). */
  token: string;
  /** `holdExpiresAt` at setup, ms since the epoch. */
  setupExpiresAt: number;
  /** The order's policy. */
  extensions: { count: number; seconds: number };
}
