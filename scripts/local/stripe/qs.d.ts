/** The part of qs (a devDependency: only the local Stripe reads form bodies) that reads Stripe's form-encoded bodies; qs ships no types. */
declare module 'qs' {
  export function parse(text: string, options?: { depth?: number; arrayLimit?: number; parameterLimit?: number }): Record<string, unknown>;
}
