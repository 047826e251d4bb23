import { registerStudentSchema, type RegisterStudentBody } from '@shared/schemas/auth';
import { api } from '@/lib/api-client';

export { registerStudentSchema };

/** POST /auth/register: a student account, activated later from the mailed link. */
export const registerStudent = (body: Omit<RegisterStudentBody, 'role'>) =>
  api.call('POST /api/auth/register', { body: { ...registerStudentSchema.parse(body), role: 'user' } });
