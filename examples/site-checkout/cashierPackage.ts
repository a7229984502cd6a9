// The one place this example names the package. Until the package's `exports` land (issue 13
// item 1), it re-exports the sources; then these two lines become
//   export * from 'cashier-widget';
//   export * from 'cashier-widget/testing';
// and the rest of the example stays as it is: it uses only what these entries export.
export * from '../../host-sdk/index.ts';
export * from '../../host-sdk/testing/index.ts';
