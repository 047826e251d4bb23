/**
 * Demo data: the admin from ADMIN_EMAIL / ADMIN_PASSWORD and demo experts (finance, law,
 * marketing, consulting) and students, all with DEMO_PASSWORD. Idempotent: accounts that exist
 * are left alone. Offers are seeded by the catalogue issue, which owns their data model.
 */
import { hashPassword, newId } from '../../functions/lib/crypto';
import { createUser, EmailTaken } from '../../functions/auth/repository';
import type { UserRecord } from '../../functions/lib/user-record';
import { DEMO_EXPERTS, DEMO_STUDENTS, type Profile, type SeedSettings } from './demo-accounts';

export async function seedDemoData(settings: SeedSettings): Promise<void> {
  const [adminHash, demoHash] = await Promise.all([hashPassword(settings.adminPassword), hashPassword(settings.demoPassword)]);
  const accounts: [UserRecord['role'], Profile, string][] = [
    ['admin', { email: settings.adminEmail, firstName: 'Admin', lastName: 'Team' }, adminHash],
    ...DEMO_EXPERTS.map((p): [UserRecord['role'], Profile, string] => ['professor', p, demoHash]),
    ...DEMO_STUDENTS.map((p): [UserRecord['role'], Profile, string] => ['user', p, demoHash]),
  ];
  for (const [role, profile, passwordHash] of accounts) {
    try {
      await createUser({ ...profile, userId: newId(), role, passwordHash, status: 'active', createdAt: new Date().toISOString() });
    } catch (error) {
      if (!(error instanceof EmailTaken)) throw error;
    }
  }
}
