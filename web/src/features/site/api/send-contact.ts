import { contactSchema, type ContactBody } from '@shared/schemas/auth';
import { api } from '@/lib/api-client';

export { contactSchema };

/** POST /auth/contact: a message to the support team. */
export const sendContact = (body: ContactBody) => api.post<{ msg: string }>('/auth/contact', contactSchema.parse(body));
