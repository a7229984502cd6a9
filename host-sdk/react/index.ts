/**
 * The host SDK's React entry, published as `cashier-widget/react`: the
 * `<CashierWidget>` component, `preloadCashier` and its hook `usePreloadCashier` (issue 24), and
 * every type and value a React checkout needs, so it imports from this entry alone. React is a peer dependency, never bundled in. Importing this module
 * touches no browser global, so it can be imported during server-side rendering.
 */
export type {
  CardBrand,
  CardField,
  CashierApi,
  CashierBuyer,
  CashierChange,
  CashierConfiguration,
  CashierCrash,
  CashierErrorDetails,
  CashierField,
  CashierFieldEvent,
  CashierHandle,
  CashierTimings,
  CashierUpdate,
  DeclineCode,
  MountCashierOptions,
  PayInput,
  PayResult,
  PreloadCashierOptions,
  SerializedCashierError,
  ValidationResult,
} from '../index';
export { CashierError, ErrorCode, preloadCashier } from '../index';
export { CashierWidget, type CashierWidgetProps } from './CashierWidget';
export { usePreloadCashier } from './usePreloadCashier';
