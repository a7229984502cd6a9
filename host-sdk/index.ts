/**
 * The host SDK's public surface: `mountCashier`, its types, the widget api's
 * types, and the error class and codes that `onCrash` and api calls deliver. The script-tag build
 * sets `window.Cashier` to these exports.
 */
export type { CashierBuyer, CashierConfiguration, CashierErrorDetails, CashierUpdate, SerializedCashierError } from '../shared';
export { CashierError, ErrorCode } from '../shared';
export type { ContrastAdjustment } from '../shared/appearance/contrast';
export type {
  Appearance,
  AppearanceLabels,
  AppearanceProperty,
  AppearanceSelector,
  AppearanceTheme,
  AppearanceVariable,
  CashierFont,
} from '../shared/appearance/shape';
export { mountCashier } from './mountCashier';
export { type PreloadCashierOptions, preloadCashier } from './preloadCashier';
export type {
  CardBrand,
  CardField,
  CashierApi,
  CashierChange,
  CashierCrash,
  CashierField,
  CashierFieldEvent,
  CashierHandle,
  CashierTimings,
  DeclineCode,
  MountCashierOptions,
  PayInput,
  PayResult,
  ValidationResult,
} from './types';
