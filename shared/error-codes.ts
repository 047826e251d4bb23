/**
 * Stable machine codes of error bodies (`{ msg, code }`). The text in `msg` is the spec's and may
 * change; clients branch on the code. A code names the outcome, not the HTTP status: several codes
 * share a status, and a status alone never tells a client what to do.
 */
export const ERROR_CODES = [
  // Generic outcomes, one per status, for errors nothing branches on.
  'bad_request',
  'validation_failed',
  'not_authenticated',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'not_implemented',
  'unavailable',
  'internal',
  // Outcomes a client acts on.
  'activation_required',
  'reset_link_invalid',
  'payouts_required',
  'not_your_offer',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** The body of every error answer. `errors` lists field messages of a failed validation. */
export interface ErrorBody {
  msg: string;
  code: ErrorCode;
  errors?: { msg: string }[];
}
