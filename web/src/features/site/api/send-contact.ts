import { contactSchema, type ContactBody } from '@shared/schemas/auth';
import { api } from '@/lib/api-client';

export { contactSchema };

/** POST /auth/contact: a message to the support team. */
export const sendContact = (body: ContactBody) => api.call('POST /api/auth/contact', { body: contactSchema.parse(body) });
