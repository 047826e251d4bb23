import { contactSchema, type ContactBody } from '@shared/schemas/auth';
import { api } from '@/lib/api-client';

export { contactSchema };

/** POST /auth/contact: a message to the support team; the same form sent again keeps its Idempotency-Key (decision 317). */
export const sendContact = (body: ContactBody, idempotencyKey: string) =>
  api.call('POST /api/auth/contact', { body: contactSchema.parse(body), idempotencyKey });
