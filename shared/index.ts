/** The `shared` folder's public surface: types, enums, constants, validation, paths, request client. */
export { assertProviderPath } from './assertProviderPath';
export * from './bridge';
export * from './bundle';
export * from './CashierError';
export * from './card';
export * from './constants';
export * from './enums';
export { epochNow } from './epochNow';
export { isHttpsOrLoopback, isLoopbackHostname } from './isHttpsOrLoopback';
export { isValidEmail } from './isValidEmail';
export { isValidGuid } from './isValidGuid';
export * from './paths';
export * from './providerApi';
export * from './providerBodies';
export * from './providerClient';
export * from './retryPolicy';
export * from './statics';
export * from './widgetSettings';
