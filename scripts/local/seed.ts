/**
 * Demo data: the admin from ADMIN_EMAIL / ADMIN_PASSWORD and demo experts (finance, law,
 * marketing, consulting) and students, all with DEMO_PASSWORD. Idempotent: accounts that exist
 * are left alone; an expert's offers are created with the expert. Offers are published (approved)
 * and priced in integer cents, written through the offers repository as the product writes them.
 */
import { hashPassword, newId } from '../../functions/lib/crypto';
import { createUser, EmailTaken } from '../../functions/auth/repository';
import type { UserRecord } from '../../functions/lib/user-record';
import { putOffer } from '../../functions/core/offers/repository';
import { DEMO_EXPERTS, DEMO_OFFERS, DEMO_STUDENTS, type Profile, type SeedSettings } from './demo-accounts';

export async function seedDemoData(settings: SeedSettings): Promise<void> {
  const [adminHash, demoHash] = await Promise.all([hashPassword(settings.adminPassword), hashPassword(settings.demoPassword)]);
  const accounts: [UserRecord['role'], Profile, string][] = [
    ['admin', { email: settings.adminEmail, firstName: 'Admin', lastName: 'Team' }, adminHash],
    ...DEMO_EXPERTS.map((p): [UserRecord['role'], Profile, string] => ['professor', p, demoHash]),
    ...DEMO_STUDENTS.map((p): [UserRecord['role'], Profile, string] => ['user', p, demoHash]),
  ];
  for (const [role, profile, passwordHash] of accounts) {
    const userId = newId();
    try {
      await createUser({ ...profile, userId, role, passwordHash, status: 'active', createdAt: new Date().toISOString() });
    } catch (error) {
      if (error instanceof EmailTaken) continue;
      throw error;
    }
    await seedOffers(userId, profile);
  }
}

async function seedOffers(professorId: string, expert: Profile): Promise<void> {
  for (const { price, ...fields } of DEMO_OFFERS[expert.email] ?? []) {
    await putOffer({ offerId: newId(), professorId, ...fields, priceCents: Math.round(price * 100), area: expert.domainActivity as string | undefined, status: 'approved', createdAt: new Date().toISOString() });
  }
}
