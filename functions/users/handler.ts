/** users Lambda. Its routes are in the route table; until their issue lands they answer 501. */
import { createDomainHandler } from '../lib/http';

export const handler = createDomainHandler('users', {});
