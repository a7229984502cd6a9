/**
 * The host SDK's React entry (issue 13 item 2), published as `cashier-widget/react`: the
 * `<CashierWidget>` component. React is a peer dependency, never bundled in. Importing this
 * module touches no browser global, so it can be imported during server-side rendering.
 */
export type { CashierApi, CashierBuyer, CashierCrash, CashierTimings, CashierUpdate, MountCashierOptions } from '../index';
export { CashierError, ErrorCode } from '../index';
export { CashierWidget, type CashierWidgetProps } from './CashierWidget';
