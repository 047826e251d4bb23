/**
 * Who an account is. The wire values are the spec's (`user` is a student, `professor` an expert)
 * and stay as the API shows them; code names the concepts Student, Expert and Admin, and any
 * signed-in person an Account.
 */
export const ROLES = ['user', 'professor', 'admin'] as const;
export type Role = (typeof ROLES)[number];
/** The wire names of the two sides of an order. */
export const STUDENT_ROLE = 'user' satisfies Role;
export const EXPERT_ROLE = 'professor' satisfies Role;
