import { registerStudentSchema, type RegisterStudentBody } from '@shared/schemas/auth';
import { api } from '@/lib/api-client';

export { registerStudentSchema };

/** POST /auth/register: a student account, activated later from the mailed link. */
export const registerStudent = (body: Omit<RegisterStudentBody, 'role'>) =>
  api.post<{ msg: string }>('/auth/register', { ...registerStudentSchema.parse(body), role: 'user' });
