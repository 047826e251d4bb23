/**
 * The benchmarks' admin: created, enrolled in the second factor, and signed in through the
 * product's admin login with the current code, as an admin does. Called in a child process after
 * its environment is set: the modules are imported only then.
 */
export async function signedInBenchAdmin(password: string, createdAt = new Date().toISOString()): Promise<string> {
  const { createUser } = await import('../../functions/contexts/accounts/repository');
  const { login } = await import('../../functions/contexts/accounts/auth-service');
  const { enrolSecondFactor } = await import('../../functions/contexts/accounts/second-factor-service');
  const { codeAt } = await import('../../functions/contexts/accounts/second-factor');
  const { hashPassword, newId } = await import('../../functions/platform/crypto');
  const email = 'admin@bench.test';
  const userId = newId();
  await createUser({
    userId,
    role: 'admin',
    email,
    firstName: 'Bench',
    lastName: 'Admin',
    passwordHash: await hashPassword(password),
    status: 'active',
    createdAt,
  });
  const { secret } = await enrolSecondFactor(userId, email);
  const { accessToken } = await login({ email, password, code: codeAt(secret, Date.now()) }, 'admin', { ip: '127.0.0.1' });
  return accessToken;
}
