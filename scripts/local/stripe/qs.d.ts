/** The part of qs (installed with Express, for the SES outbox) that reads Stripe's form-encoded bodies. */
declare module 'qs' {
  export function parse(text: string, options?: { depth?: number; arrayLimit?: number; parameterLimit?: number }): Record<string, unknown>;
}
