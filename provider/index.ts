/** The reference provider's public surface: the app, its starters and its state. */
export { CONTROL_KEY_HEADER } from './controlRoutes';
export { applicationError, createProviderApp, DEMO_APP_INSTANCE, type ProviderOptions } from './createProviderApp';
export { listen, type RunningServer } from './listen';
export { type Fault, MAX_RECORDED_REQUESTS, ProviderState, type RecordedRequest } from './ProviderState';
export { DEFAULT_PORTS, type Ports, startAll } from './startAll';
export { startProvider } from './startProvider';
export { type StaticServerOptions, startStaticServer } from './startStaticServer';
export {
  MAX_CONSENT_TEXT_LENGTH,
  RETURNING_BUYER_APP_INSTANCE,
  RETURNING_BUYER_CARDS,
  RETURNING_BUYER_MEMBER_ID,
  type StoredSavedCard,
  tokenFingerprint,
} from './store';
