import { registerProfessorSchema, type RegisterProfessorBody } from '@shared/schemas/auth';
import { api } from '@/lib/api-client';

export { registerProfessorSchema as registerExpertSchema };

/** POST /auth/register-professor: an expert account (the "Mentor" choice of the form). */
export const registerExpert = (body: Omit<RegisterProfessorBody, 'role'>) =>
  api.call('POST /api/auth/register-professor', { body: { ...registerProfessorSchema.parse(body), role: 'professor' } });
