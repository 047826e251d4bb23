/** Stripe's refusals: the HTTP status and the `{ error: { type, code, message, param, doc_url } }` body the SDK turns into its error classes. */
export type StripeErrorType = 'invalid_request_error' | 'idempotency_error' | 'card_error' | 'api_error';

export interface StripeErrorBody {
  type: StripeErrorType;
  message: string;
  code?: string;
  param?: string;
  doc_url?: string;
}

export class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
  }
}

/** An invalid request with Stripe's code, and the documentation link Stripe gives with every code. */
export function invalidRequest(message: string, details: { code?: string; param?: string; status?: number } = {}): StripeError {
  const { code, param, status = 400 } = details;
  return new StripeError(status, {
    type: 'invalid_request_error',
    message,
    ...(code && { code, doc_url: `https://stripe.com/docs/error-codes/${code.replaceAll('_', '-')}` }),
    ...(param && { param }),
  });
}

export const missingParameter = (param: string) => invalidRequest(`Missing required param: ${param}.`, { code: 'parameter_missing', param });

export const noSuch = (kind: string, id: string, param = 'id') => invalidRequest(`No such ${kind}: '${id}'`, { code: 'resource_missing', param, status: 404 });
