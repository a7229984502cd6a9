import type { CashierConfiguration } from './bridge';
import type { ProviderClient } from './providerClient';
import type { WidgetSettings } from './widgetSettings';

/** The api object the bundle hands to `onApiInit`; function-valued keys are relayed to the host. */
export type CashierWidgetApi = Record<string, unknown>;

/** The props the frame passes to the bundle's `mount` (DESIGN "The bundle"). */
export interface CashierWidgetProps {
  host: string;
  configuration: CashierConfiguration;
  theme: string;
  debug: boolean;
  settings: WidgetSettings;
  /** The order the buyer pays for (`opts.orderId`); without it the widget offers the card only. */
  orderId?: string;
  /** The frame's provider request client: retries, revalidation and errors per spec 7. */
  providerClient: ProviderClient;
  /** Call once the widget is ready, with its api; the host receives it as `CashierApi`. */
  onApiInit: (api: CashierWidgetApi) => void;
  /** Call when the widget cannot go on; the frame shows the alert and tells the host. */
  onCrash: (error: unknown) => void;
}

/** What `mount` returns. */
export interface CashierWidgetInstance {
  unmount(): void;
  update?(props: Partial<CashierWidgetProps>): void;
}

/** The bundle module's shape: an ES module exporting `mount` (DESIGN "The bundle"). */
export interface CashierWidgetModule {
  mount(container: HTMLElement, props: CashierWidgetProps): CashierWidgetInstance;
}

/** True when an imported module has a `mount` function. */
export function isCashierWidgetModule(m: unknown): m is CashierWidgetModule {
  return typeof m === 'object' && m !== null && typeof (m as { mount?: unknown }).mount === 'function';
}
