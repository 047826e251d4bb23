import { registerProfessorSchema, type RegisterProfessorBody } from '@shared/schemas/auth';
import { api } from '@/lib/api-client';

export { registerProfessorSchema };

/** POST /auth/register-professor: an expert (Mentor) account. */
export const registerProfessor = (body: Omit<RegisterProfessorBody, 'role'>) =>
  api.post<{ msg: string }>('/auth/register-professor', { ...registerProfessorSchema.parse(body), role: 'professor' });
