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

/** A reply with `status` and the application error `code` described by `description`. */
export const fail = (status: number, code: string, description: string): StoreReply => ({
  status,
  body: applicationError(code, description),
});
