/** Demo accounts and their default credentials (README lists them). No handler imports here. */
import type { UserRecord } from '../../functions/lib/user-record';

export interface SeedSettings {
  adminEmail: string;
  adminPassword: string;
  demoPassword: string;
}

export const DEFAULT_SEED: SeedSettings = {
  adminEmail: 'admin@mentorship.test',
  adminPassword: 'Admin-Password-2026',
  demoPassword: 'Demo-Password-2026',
};

export type Profile = Partial<UserRecord> & Pick<UserRecord, 'email' | 'firstName' | 'lastName'>;

export const DEMO_EXPERTS: Profile[] = [
  { email: 'claire.dubois@demo.test', firstName: 'Claire', lastName: 'Dubois', domainActivity: 'Finance', headline: 'Corporate finance director, ex-investment banker', position: 'Finance Director', company: 'Axa', city: 'Paris', country: 'France', languages: ['fr', 'en'], expYears: 14, rating: 4.9, reviews: 0, isVerified: true, bio: 'Fourteen years in M&A and corporate finance. I help students prepare for finance interviews and build financial models.', expertises: ['Financial Modeling', 'Corporate Finance', 'Valuation'] },
  { email: 'omar.haddad@demo.test', firstName: 'Omar', lastName: 'Haddad', domainActivity: 'Finance', headline: 'Data analyst in asset management', position: 'Senior Data Analyst', company: 'Amundi', city: 'Lyon', country: 'France', languages: ['fr', 'en', 'ar'], expYears: 6, rating: 4.5, reviews: 0, isVerified: true, bio: 'I turn market data into decisions and teach data analysis for finance, from Excel to Python.', expertises: ['Data Analysis', 'Python', 'Portfolio Analytics'] },
  { email: 'sophie.laurent@demo.test', firstName: 'Sophie', lastName: 'Laurent', domainActivity: 'Law', headline: 'Employment lawyer at the Paris bar', position: 'Partner', company: 'Laurent Avocats', city: 'Paris', country: 'France', languages: ['fr', 'en'], expYears: 11, rating: 4.8, reviews: 0, isVerified: true, bio: 'Employment contracts, negotiations and disputes: I explain labour law clearly to young professionals.', expertises: ['Employment contracts', 'Labour Law'] },
  { email: 'lucas.bernard@demo.test', firstName: 'Lucas', lastName: 'Bernard', domainActivity: 'Law', headline: 'Corporate lawyer for start-ups', position: 'Legal Counsel', company: 'Station F', city: 'Bordeaux', country: 'France', languages: ['fr'], expYears: 4, rating: 4.2, reviews: 0, isVerified: true, bio: 'Company formation, shareholder agreements and fundraising paperwork for founders and students.', expertises: ['Corporate', 'Contracts'] },
  { email: 'emma.wilson@demo.test', firstName: 'Emma', lastName: 'Wilson', domainActivity: 'Marketing', headline: 'Head of growth marketing', position: 'Head of Growth', company: 'Deezer', city: 'London', country: 'United Kingdom', languages: ['en', 'fr'], expYears: 9, rating: 4.7, reviews: 0, isVerified: true, bio: 'Growth, acquisition and brand: I review marketing plans and coach juniors for their first marketing role.', expertises: ['Marketing', 'Growth', 'SEO'] },
  { email: 'ines.moreau@demo.test', firstName: 'Inès', lastName: 'Moreau', domainActivity: 'Marketing', headline: 'Brand strategist', position: 'Brand Manager', company: "L'Oréal", city: 'Marseille', country: 'France', languages: ['fr', 'en', 'es'], expYears: 7, rating: 4.4, reviews: 0, isVerified: true, bio: 'Brand positioning and campaign planning for consumer goods, with portfolio reviews for students.', expertises: ['Brand Strategy', 'Project Management'] },
  { email: 'thomas.keller@demo.test', firstName: 'Thomas', lastName: 'Keller', domainActivity: 'Consulting', headline: 'Strategy consultant, case interview coach', position: 'Manager', company: 'Roland Berger', city: 'Munich', country: 'Germany', languages: ['de', 'en', 'fr'], expYears: 8, rating: 4.9, reviews: 0, isVerified: true, bio: 'Eight years in strategy consulting. I run mock case interviews and teach structured problem solving.', expertises: ['Consulting', 'Case Interviews'] },
  { email: 'nadia.benali@demo.test', firstName: 'Nadia', lastName: 'Benali', domainActivity: 'Consulting', headline: 'HR consultant and career coach', position: 'HR Consultant', company: 'Mercer', city: 'Brussels', country: 'Belgium', languages: ['fr', 'en', 'nl'], expYears: 12, rating: 4.6, reviews: 0, isVerified: true, bio: 'HR consulting and career changes: CVs, interviews and salary negotiation for career changers.', expertises: ['HR consultant', 'Career Coaching'] },
];

export const DEMO_STUDENTS: Profile[] = [
  { email: 'alice.student@demo.test', firstName: 'Alice', lastName: 'Martin', name: 'Alice Martin', city: 'Paris', country: 'France' },
  { email: 'ben.student@demo.test', firstName: 'Ben', lastName: 'Carter', name: 'Ben Carter', city: 'Dublin', country: 'Ireland' },
  { email: 'chloe.student@demo.test', firstName: 'Chloé', lastName: 'Petit', name: 'Chloé Petit', city: 'Lille', country: 'France' },
];

