/** A reply of the checkout store: HTTP status, JSON body, extra headers. */
export interface StoreReply<T = unknown> {
  status: number;
  body: T;
  headers?: Record<string, string>;
}

/** The provider's application error body (DESIGN "Widget settings call"). */
export function applicationError(code: string, description: string) {
  return { message: description, details: { applicationError: { code, description } } };
}

/**
 * A reply with `status` and the application error `code` described by `description`; `details`
 * (e.g. `{ chargeId }`) are added to the body's `details` beside `applicationError`.
 */
export const fail = (status: number, code: string, description: string, details: Record<string, string> = {}): StoreReply => {
  const body = applicationError(code, description);
  return { status, body: { ...body, details: { ...body.details, ...details } } };
};
