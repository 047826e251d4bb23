import { registerProfessorSchema as registerExpertSchema, type RegisterProfessorBody as RegisterExpertBody } from '@shared/schemas/auth';
import { api } from '@/lib/api-client';

export { registerExpertSchema };

/** POST /auth/register-professor: an expert account (the "Mentor" choice of the form). */
export const registerExpert = (body: Omit<RegisterExpertBody, 'role'>) =>
  api.call('POST /api/auth/register-professor', { body: { ...registerExpertSchema.parse(body), role: 'professor' } });
