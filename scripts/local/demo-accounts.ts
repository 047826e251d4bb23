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


export interface DemoOffer {
  title: string;
  description: string;
  /** Euros, as the offer form takes them; stored as integer cents. */
  price: number;
  lessonType: 'Video Call' | 'Document' | 'Phone Call';
  pricingType: 'fixed' | 'hourly';
}

/** Two published offers per demo expert, by e-mail: every area has offers to browse and book. */
export const DEMO_OFFERS: Record<string, DemoOffer[]> = {
  'claire.dubois@demo.test': [
    { title: 'Financial modelling from scratch', description: 'Build a three-statement model step by step in a live session, with the shortcuts bankers use every day.', price: 60, lessonType: 'Video Call', pricingType: 'hourly' },
    { title: 'Investment banking interview prep', description: 'A mock technical and fit interview with written feedback on your answers and a plan for the next weeks.', price: 120, lessonType: 'Video Call', pricingType: 'fixed' },
  ],
  'omar.haddad@demo.test': [
    { title: 'Data analysis for finance in Python', description: 'Pandas, charts and a small portfolio analysis on real market data, adapted to your level.', price: 45, lessonType: 'Video Call', pricingType: 'hourly' },
    { title: 'Review of your Excel dashboard', description: 'Send your workbook and receive a written review with concrete fixes for structure, formulas and charts.', price: 70, lessonType: 'Document', pricingType: 'fixed' },
  ],
  'sophie.laurent@demo.test': [
    { title: 'Employment contract review', description: 'I read your employment contract and explain every clause that matters, with points to negotiate.', price: 90, lessonType: 'Document', pricingType: 'fixed' },
    { title: 'Labour law questions answered', description: 'A call about your situation at work: notice periods, non-compete clauses, dismissals and your rights.', price: 55, lessonType: 'Phone Call', pricingType: 'hourly' },
  ],
  'lucas.bernard@demo.test': [
    { title: 'Start-up legal checklist session', description: 'Company form, founders agreement and first contracts: we go through what your start-up needs now.', price: 80, lessonType: 'Video Call', pricingType: 'fixed' },
    { title: 'Shareholder agreement walkthrough', description: 'Vesting, good and bad leaver, drag-along: understand the clauses before you sign anything.', price: 50, lessonType: 'Video Call', pricingType: 'hourly' },
  ],
  'emma.wilson@demo.test': [
    { title: 'Growth marketing plan review', description: 'Send your marketing plan and get a written review on channels, budget split and the metrics to track.', price: 75, lessonType: 'Document', pricingType: 'fixed' },
    { title: 'First marketing job coaching', description: 'Prepare the interviews and the first ninety days of your first marketing role with a head of growth.', price: 50, lessonType: 'Video Call', pricingType: 'hourly' },
  ],
  'ines.moreau@demo.test': [
    { title: 'Brand positioning workshop', description: 'A working session to define the positioning, promise and tone of voice of your brand or project.', price: 65, lessonType: 'Video Call', pricingType: 'hourly' },
    { title: 'Marketing portfolio feedback', description: 'Written feedback on your portfolio and CV for brand and marketing roles in consumer goods.', price: 40, lessonType: 'Document', pricingType: 'fixed' },
  ],
  'thomas.keller@demo.test': [
    { title: 'Mock case interview with feedback', description: 'A full consulting case interview in real conditions, then detailed feedback on structure and maths.', price: 85, lessonType: 'Video Call', pricingType: 'fixed' },
    { title: 'Structured problem solving coaching', description: 'Learn issue trees, hypotheses and synthesis on business problems, one hour at a time.', price: 60, lessonType: 'Video Call', pricingType: 'hourly' },
  ],
  'nadia.benali@demo.test': [
    { title: 'CV and cover letter makeover', description: 'A rewritten CV and cover letter for your target role, with the reasons behind every change.', price: 55, lessonType: 'Document', pricingType: 'fixed' },
    { title: 'Salary negotiation call', description: 'Prepare your next salary negotiation: market ranges, your arguments and a rehearsal of the talk.', price: 45, lessonType: 'Phone Call', pricingType: 'hourly' },
  ],
};
