/**
 * `cashier-widget/testing`: the mock mode. msw handlers (msw 2.15 or 3) that stand in for the
 * provider (widget settings, the payment operations, fault switches), a tiny reference bundle,
 * and handlers that serve the built frame app, so a site's own tests run the real host SDK and
 * the real frame with no provider and no network. Node only (Vitest, Playwright); needs `msw` 2.15
 * or 3. In Playwright, route the browser context through the handlers (`context.route` answered by
 * msw's `getResponse`): the frame is a cross-origin iframe, which a service worker on the host page
 * does not see. Guide: docs/integration.md "Mock mode".
 */

export { developmentVaultOrigin } from './developmentVaultOrigin';
export { type FrameAppHandlersOptions, frameAppHandlers } from './frameAppHandlers';
export { type FrameBuild, readFrameBuild } from './frameBuild';
export { MOCK_BUNDLE_SOURCE } from './mockBundle';
export {
  createMockProvider,
  MOCK_APP_INSTANCE,
  MOCK_DECLINING_WALLET_TOKEN,
  MOCK_RETURNING_BUYER_CARDS,
  MOCK_TEST_CARDS,
  type MockCharge,
  type MockFaults,
  type MockKlarnaOption,
  type MockLocalPaymentTimings,
  type MockOrder,
  type MockOrderInput,
  type MockProvider,
  type MockProviderOptions,
  type MockSavedCardInput,
} from './mockProvider';
export { type MockServer, type MockServerOptions, startMockServer } from './startMockServer';
