import { act } from 'react';
import { afterEach, expect, vi } from 'vitest';
import {
  type CashierWidgetInstance,
  type CashierWidgetProps,
  createProviderClient,
  type PayResult,
  type ProviderClient,
  type ProviderRequest,
} from '../../shared';
import { mount } from '../index';

/**
 * The one way a widget unit test mounts the reference bundle: the props every test starts from,
 * a provider client over a fake `request` or over HTTP (msw), the container, and the cleanup.
 *
 * A file chooses how it waits. In React's act environment (`IS_REACT_ACT_ENVIRONMENT = true`,
 * set by the file) the mount runs inside `act` and the file wraps what the buyer does in `act`;
 * outside it (the default here, as in a browser) the mount is plain and the file waits on the
 * DOM with `vi.waitFor`. Either way no update happens outside the file's chosen way, so the unit
 * run prints no act warning.
 */

/** The provider's origin, the vault's, and the frame build's PayPal approval origin (not the provider's). */
export const HOST = 'https://api.example';
export const VAULT = 'https://vault.example';
export const PAYPAL = 'https://paypal.example';
/** The frame build's payments origin (issue 38): the local payment methods' pages. */
export const PAYMENTS = 'https://payments.example';

/** How long a test waits for the widget to show something (`expect.poll`, `vi.waitFor`): the machine may be busy. */
export const WAIT = { timeout: 5000 };

/** The widget's api as the tests call it (spec 6): `pay` with any input (a test passes bad ones), `validate`. */
export interface TestApi {
  pay(input: unknown): Promise<PayResult>;
  validate(): { valid: boolean; errors: Record<string, string> };
}

/**
 * The props a widget test mounts with: HOST, app instance `tok`, inline, `ord_1`, English, the
 * statics `https://s.example`, PAYPAL as the approval origin, PAYMENTS as the payments origin, `vi.fn()` callbacks, and a provider
 * client over HTTP to HOST and VAULT; `over` replaces any of them.
 */
export function widgetProps(over: Partial<CashierWidgetProps> = {}): CashierWidgetProps {
  return {
    host: HOST,
    configuration: { appInstance: 'tok' },
    theme: 'inline',
    debug: false,
    settings: { widgetStaticsBaseUrl: 'https://s.example' },
    providerClient: createProviderClient({ host: HOST, vaultOrigin: VAULT, getAppInstance: () => 'tok' }),
    orderId: 'ord_1',
    locale: 'en',
    payPalOrigin: PAYPAL,
    paymentsOrigin: PAYMENTS,
    onApiInit: vi.fn(),
    onCrash: vi.fn(),
    ...over,
  };
}

/**
 * A provider client whose every call, to the API host and to the vault (`vaultOrigin`, default
 * VAULT), goes to `request`: a test answers the widget's requests in plain code, with no HTTP.
 */
export function fakeProviderClient(
  request: (config: ProviderRequest) => Promise<unknown>,
  vaultOrigin: string | undefined = VAULT,
): ProviderClient {
  const client = createProviderClient({ host: HOST, getAppInstance: () => 'tok' });
  return { ...client, request, vault: { origin: vaultOrigin, request } };
}

/** A widget mounted by {@link mountWidget}. */
export interface MountedWidget<Api = TestApi> {
  /** The container the widget renders into, in `document.body`; removed after the test. */
  container: HTMLElement;
  /** The api the widget gave `onApiInit` (spec 6). */
  api: Api;
  /** The mount's handle: `update`, `destroy`. */
  instance: CashierWidgetInstance;
  /** The props it was mounted with (their `vi.fn()` callbacks to assert on). */
  props: CashierWidgetProps;
  /** `instance.update(changes)`, inside `act` in the act environment; settles (or rejects) as the update does. */
  update(changes: Partial<CashierWidgetProps>): Promise<void>;
}

const mounted: HTMLElement[] = [];
/** After each test: the widgets' containers removed and the payment journal (sessionStorage) cleared. */
afterEach(() => {
  for (const container of mounted.splice(0)) container.remove();
  sessionStorage.clear();
});

const inActEnvironment = () => (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT === true;

/** A widget mounted by {@link mountNow}: no api waited for. */
export type StartedWidget = Omit<MountedWidget, 'api'>;

/**
 * Mounts the widget with {@link widgetProps}`(over)` in a new container (or `container`) and
 * returns at once, without waiting for `onApiInit`: for a test of what shows before the api, or
 * of a mount that never gives one.
 */
export async function mountNow(
  over: Partial<CashierWidgetProps> = {},
  container: HTMLElement = document.body.appendChild(document.createElement('div')),
): Promise<StartedWidget> {
  mounted.push(container);
  const props = widgetProps(over);
  let instance: CashierWidgetInstance | undefined;
  if (inActEnvironment())
    await act(async () => {
      instance = mount(container, props);
    });
  else instance = mount(container, props);
  const handle = instance as CashierWidgetInstance;
  const update = async (changes: Partial<CashierWidgetProps>) => {
    if (inActEnvironment()) await act(async () => handle.update?.(changes));
    else await handle.update?.(changes);
  };
  return { container, instance: handle, props, update };
}

/**
 * Mounts the widget with {@link widgetProps}`(over)` in a new container (or `container`); resolves
 * once it has called `onApiInit`. Rejects when it does not within {@link WAIT}. The wait polls
 * only when the api has not come with the mount, so a test on fake timers finds its clock unmoved.
 */
export async function mountWidget<Api = TestApi>(
  over: Partial<CashierWidgetProps> = {},
  container?: HTMLElement,
): Promise<MountedWidget<Api>> {
  const started = await mountNow(over, container);
  const { onApiInit } = started.props;
  if (vi.mocked(onApiInit).mock.calls.length === 0) await vi.waitFor(() => expect(onApiInit).toHaveBeenCalled(), WAIT);
  return { ...started, api: vi.mocked(onApiInit).mock.calls[0]?.[0] as Api };
}
