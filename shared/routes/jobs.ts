import { emptyBody } from '../schemas/common';
import { deleteAccountSchema } from '../schemas/users';
import { type Route, r } from './route';

/** The jobs Lambda's: it reads every context's data of a member, for their export and their deletion (decision 166). */
export const JOBS_ROUTES = [
  r('GET', '/user/export', 'jobs', 'member'), // (added)
  r('POST', '/user/export', 'jobs', 'member', { body: emptyBody }), // (added)
  r('POST', '/user/delete-account', 'jobs', 'member', { body: deleteAccountSchema }), // (added)
] as const satisfies readonly Route[];
