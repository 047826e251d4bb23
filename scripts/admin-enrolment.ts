/**
 * What `npm run admin:enrol` does (scripts/admin-enrol.ts): gives the admin at `email` a new TOTP
 * secret and recovery codes, creating the admin with `password` when the address has no account,
 * and says what it did (decision 175), or why it refused, with the script's exit code. The modules of
 * functions/ read their configuration from the environment at load: the caller sets it before the
 * first call.
 */
export async function runAdminEnrolment(email: string, password: string | undefined): Promise<{ code: 0 | 1; output: string }> {
  const { enrolAdmin } = await import('../functions/contexts/accounts/second-factor-service');
  try {
    const { secret, uri, recoveryCodes, created } = await enrolAdmin(email, password);
    return {
      code: 0,
      output: `${created ? 'Created the admin' : 'Enrolled'} ${email}. Shown this once, keep them safe:

  TOTP secret     ${secret}
  Authenticator   ${uri}
  Recovery codes  ${recoveryCodes.join(' ')}   (each works once)`,
    };
  } catch (error) {
    return { code: 1, output: (error as Error).message };
  }
}
