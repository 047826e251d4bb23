/** Demo accounts and their default credentials (README lists them). No handler imports here. */
import type { AccountRecord } from '../../functions/contexts/accounts/account';
import type { Portrait } from './demo-photos';

export interface SeedSettings {
  adminEmail: string;
  adminPassword: string;
  /** The admin's TOTP secret (base32, ADMIN_TOTP_SECRET); without it the first start makes one. */
  adminTotpSecret?: string;
  demoPassword: string;
  /**
   * false: the logins only (the admin, the students, the expert logins of the README and Alice's
   * conversations), without the rest of the catalogue (demo-catalogue.ts): for test stacks whose
   * files read no catalogue and scan the table (decision 234). Default: the whole demo.
   */
  catalogue?: boolean;
}

/** The demo admin's second factor, as `npm start` prints it; recovery codes only at the start that made them. */
export interface AdminSecondFactor {
  secret: string;
  uri: string;
  recoveryCodes?: string[];
}

export const DEFAULT_SEED: SeedSettings = {
  adminEmail: 'admin@mentorship.test',
  adminPassword: 'Admin-Password-2026',
  demoPassword: 'Demo-Password-2026',
};

export type Profile = Partial<AccountRecord> & Pick<AccountRecord, 'email' | 'firstName' | 'lastName'>;

/** The expert logins the README lists; the rest of the catalogue is in demo-catalogue.ts. */
export const DEMO_EXPERTS: Profile[] = [
  {
    email: 'claire.dubois@demo.test',
    firstName: 'Claire',
    lastName: 'Dubois',
    domainActivity: 'Finance',
    headline: 'Corporate finance director, ex-investment banker',
    position: 'Finance Director',
    company: 'Axa',
    city: 'Paris',
    country: 'France',
    languages: ['fr', 'en'],
    expYears: 14,
    isVerified: true,
    bio: 'Fourteen years in M&A and corporate finance. I help students prepare for finance interviews and build financial models.',
    expertises: ['Financial Modeling', 'Corporate Finance', 'Valuation'],
    workExperience: [
      {
        position: 'Finance Director',
        company: 'Axa',
        location: 'Paris',
        startDate: '01/2019',
        endDate: 'Present',
        description: 'Lead planning, investment cases and the financial side of acquisitions for a business unit of two thousand people.',
      },
      {
        position: 'Investment Banking Associate',
        company: 'Banque Lafayette',
        location: 'Paris',
        startDate: '09/2011',
        endDate: '12/2018',
        description: 'Advised industrial and consumer groups on acquisitions and disposals: valuation, models, due diligence and negotiations.',
      },
    ],
    education: [{ institution: 'HEC Paris', level: "Master's", degree: 'MSc', field: 'Finance', year: 2011 }],
  },
  {
    email: 'omar.haddad@demo.test',
    firstName: 'Omar',
    lastName: 'Haddad',
    domainActivity: 'Finance',
    headline: 'Data analyst in asset management',
    position: 'Senior Data Analyst',
    company: 'Amundi',
    city: 'Lyon',
    country: 'France',
    languages: ['fr', 'en', 'ar'],
    expYears: 6,
    isVerified: true,
    bio: 'I turn market data into decisions and teach data analysis for finance, from Excel to Python.',
    expertises: ['Data Analysis', 'Python', 'Portfolio Analytics'],
    workExperience: [
      {
        position: 'Senior Data Analyst',
        company: 'Amundi',
        location: 'Lyon',
        startDate: '03/2021',
        endDate: 'Present',
        description: 'Build the data pipelines and dashboards portfolio managers use to follow risk, performance and flows of the funds.',
      },
      {
        position: 'Quantitative Analyst Intern',
        company: 'Rhône Gestion',
        location: 'Lyon',
        startDate: '02/2019',
        endDate: '08/2019',
        description: 'Back-tested equity factor strategies in Python and automated the weekly performance report of the funds.',
      },
    ],
    education: [{ institution: 'Université Claude Bernard Lyon 1', level: "Master's", degree: 'MSc', field: 'Data Science', year: 2019 }],
  },
  {
    email: 'sophie.laurent@demo.test',
    firstName: 'Sophie',
    lastName: 'Laurent',
    domainActivity: 'Law',
    headline: 'Employment lawyer at the Paris bar',
    position: 'Partner',
    company: 'Laurent Avocats',
    city: 'Paris',
    country: 'France',
    languages: ['fr', 'en'],
    expYears: 11,
    isVerified: true,
    bio: 'Employment contracts, negotiations and disputes: I explain labour law clearly to young professionals.',
    expertises: ['Employment contracts', 'Labour Law'],
    workExperience: [
      {
        position: 'Partner',
        company: 'Laurent Avocats',
        location: 'Paris',
        startDate: '09/2018',
        endDate: 'Present',
        description: 'Founded a firm of five lawyers advising employees and start-ups on contracts, dismissals and negotiated departures.',
      },
      {
        position: 'Associate',
        company: 'Cabinet Marceau',
        location: 'Paris',
        startDate: '01/2013',
        endDate: '08/2018',
        description: 'Represented employers and executives before the labour courts and drafted employment contracts and policies.',
      },
    ],
    education: [{ institution: 'Université Paris 1 Panthéon-Sorbonne', level: "Master's", degree: 'Master 2', field: 'Employment Law', year: 2012 }],
  },
  {
    email: 'lucas.bernard@demo.test',
    firstName: 'Lucas',
    lastName: 'Bernard',
    domainActivity: 'Law',
    headline: 'Corporate lawyer for start-ups',
    position: 'Legal Counsel',
    company: 'Station F',
    city: 'Bordeaux',
    country: 'France',
    languages: ['fr'],
    expYears: 4,
    isVerified: true,
    bio: 'Company formation, shareholder agreements and fundraising paperwork for founders and students.',
    expertises: ['Corporate', 'Contracts'],
    workExperience: [
      {
        position: 'Legal Counsel',
        company: 'Station F',
        location: 'Bordeaux',
        startDate: '10/2022',
        endDate: 'Present',
        description: 'Help the founders of the campus start-ups with company formation, shareholder agreements and their first contracts.',
      },
      {
        position: 'Junior Associate',
        company: 'Garonne Avocats',
        location: 'Bordeaux',
        startDate: '01/2021',
        endDate: '09/2022',
        description: 'Worked on company formations, capital increases and seed investments for regional start-ups and investors.',
      },
    ],
    education: [{ institution: 'Université de Bordeaux', level: "Master's", degree: 'Master 2', field: 'Business Law', year: 2020 }],
  },
  {
    email: 'emma.wilson@demo.test',
    firstName: 'Emma',
    lastName: 'Wilson',
    domainActivity: 'Marketing',
    headline: 'Head of growth marketing',
    position: 'Head of Growth',
    company: 'Deezer',
    city: 'London',
    country: 'United Kingdom',
    languages: ['en', 'fr'],
    expYears: 9,
    isVerified: true,
    bio: 'Growth, acquisition and brand: I review marketing plans and coach juniors for their first marketing role.',
    expertises: ['Marketing', 'Growth', 'SEO'],
    workExperience: [
      {
        position: 'Head of Growth',
        company: 'Deezer',
        location: 'London',
        startDate: '04/2021',
        endDate: 'Present',
        description: 'Lead acquisition and retention marketing in the United Kingdom and Ireland across paid, SEO, partnerships and CRM.',
      },
      {
        position: 'Growth Marketing Manager',
        company: 'Camden Apps',
        location: 'London',
        startDate: '06/2016',
        endDate: '03/2021',
        description: 'Grew a consumer app from fifty thousand to two million users with app store optimisation, referrals and paid social.',
      },
    ],
    education: [{ institution: 'University of Manchester', level: "Bachelor's", degree: 'BA', field: 'Business and Marketing', year: 2015 }],
  },
  {
    email: 'ines.moreau@demo.test',
    firstName: 'Inès',
    lastName: 'Moreau',
    domainActivity: 'Marketing',
    headline: 'Brand strategist',
    position: 'Brand Manager',
    company: "L'Oréal",
    city: 'Marseille',
    country: 'France',
    languages: ['fr', 'en', 'es'],
    expYears: 7,
    isVerified: true,
    bio: 'Brand positioning and campaign planning for consumer goods, with portfolio reviews for students.',
    expertises: ['Brand Strategy', 'Project Management'],
    workExperience: [
      {
        position: 'Brand Manager',
        company: "L'Oréal",
        location: 'Marseille',
        startDate: '02/2021',
        endDate: 'Present',
        description: 'Own the positioning, launch calendar and campaigns of a haircare brand in France, with agencies and retail teams.',
      },
      {
        position: 'Assistant Brand Manager',
        company: 'Calanques Cosmetics',
        location: 'Marseille',
        startDate: '09/2017',
        endDate: '01/2021',
        description: 'Coordinated packaging, in-store promotions and the launch projects of a natural cosmetics range.',
      },
    ],
    education: [{ institution: 'KEDGE Business School', level: "Master's", degree: 'MSc', field: 'Marketing', year: 2017 }],
  },
  {
    email: 'thomas.keller@demo.test',
    firstName: 'Thomas',
    lastName: 'Keller',
    domainActivity: 'Consulting',
    headline: 'Strategy consultant, case interview coach',
    position: 'Manager',
    company: 'Roland Berger',
    city: 'Munich',
    country: 'Germany',
    languages: ['de', 'en', 'fr'],
    expYears: 8,
    isVerified: true,
    bio: 'Eight years in strategy consulting. I run mock case interviews and teach structured problem solving.',
    expertises: ['Consulting', 'Case Interviews'],
    workExperience: [
      {
        position: 'Manager',
        company: 'Roland Berger',
        location: 'Munich',
        startDate: '01/2021',
        endDate: 'Present',
        description: 'Lead strategy and restructuring projects for automotive and industrial clients and interview candidates for the firm.',
      },
      {
        position: 'Consultant',
        company: 'Isar Strategy Partners',
        location: 'Munich',
        startDate: '09/2017',
        endDate: '12/2020',
        description: 'Worked on growth strategies, due diligences and cost programmes for industrial and private equity clients.',
      },
    ],
    education: [{ institution: 'Ludwig-Maximilians-Universität München', level: "Master's", degree: 'MSc', field: 'Management', year: 2017 }],
  },
  {
    email: 'nadia.benali@demo.test',
    firstName: 'Nadia',
    lastName: 'Benali',
    domainActivity: 'Consulting',
    headline: 'HR consultant and career coach',
    position: 'HR Consultant',
    company: 'Mercer',
    city: 'Brussels',
    country: 'Belgium',
    languages: ['fr', 'en', 'nl'],
    expYears: 12,
    isVerified: true,
    bio: 'HR consulting and career changes: CVs, interviews and salary negotiation for career changers.',
    expertises: ['HR consultant', 'Career Coaching'],
    workExperience: [
      {
        position: 'HR Consultant',
        company: 'Mercer',
        location: 'Brussels',
        startDate: '05/2016',
        endDate: 'Present',
        description: 'Advise employers on pay structures, job architecture and career paths, and coach individuals through career changes.',
      },
      {
        position: 'Recruitment Manager',
        company: 'Sablon Talent',
        location: 'Brussels',
        startDate: '09/2011',
        endDate: '04/2016',
        description: 'Recruited finance and IT profiles for multinational clients and trained hiring managers to run structured interviews.',
      },
    ],
    education: [{ institution: 'Université libre de Bruxelles', level: "Master's", degree: 'MA', field: 'Human Resources Management', year: 2011 }],
  },
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
  /** A fixed-price call's length; an hour when not given. */
  durationMinutes?: number;
}

/** Two published offers per demo expert, by e-mail: every area has offers to browse and book. */
export const DEMO_OFFERS: Record<string, DemoOffer[]> = {
  'claire.dubois@demo.test': [
    {
      title: 'Financial modelling from scratch',
      description: 'Build a three-statement model step by step in a live session, with the shortcuts bankers use every day.',
      price: 60,
      lessonType: 'Video Call',
      pricingType: 'hourly',
    },
    {
      title: 'Investment banking interview prep',
      description: 'A mock technical and fit interview with written feedback on your answers and a plan for the next weeks.',
      price: 120,
      lessonType: 'Video Call',
      pricingType: 'fixed',
    },
  ],
  'omar.haddad@demo.test': [
    {
      title: 'Data analysis for finance in Python',
      description: 'Pandas, charts and a small portfolio analysis on real market data, adapted to your level.',
      price: 45,
      lessonType: 'Video Call',
      pricingType: 'hourly',
    },
    {
      title: 'Review of your Excel dashboard',
      description: 'Send your workbook and receive a written review with concrete fixes for structure, formulas and charts.',
      price: 70,
      lessonType: 'Document',
      pricingType: 'fixed',
    },
  ],
  'sophie.laurent@demo.test': [
    {
      title: 'Employment contract review',
      description: 'I read your employment contract and explain every clause that matters, with points to negotiate.',
      price: 90,
      lessonType: 'Document',
      pricingType: 'fixed',
    },
    {
      title: 'Labour law questions answered',
      description: 'A call about your situation at work: notice periods, non-compete clauses, dismissals and your rights.',
      price: 55,
      lessonType: 'Phone Call',
      pricingType: 'hourly',
    },
  ],
  'lucas.bernard@demo.test': [
    {
      title: 'Start-up legal checklist session',
      description: 'Company form, founders agreement and first contracts: we go through what your start-up needs now.',
      price: 80,
      lessonType: 'Video Call',
      pricingType: 'fixed',
    },
    {
      title: 'Shareholder agreement walkthrough',
      description: 'Vesting, good and bad leaver, drag-along: understand the clauses before you sign anything.',
      price: 50,
      lessonType: 'Video Call',
      pricingType: 'hourly',
    },
  ],
  'emma.wilson@demo.test': [
    {
      title: 'Growth marketing plan review',
      description: 'Send your marketing plan and get a written review on channels, budget split and the metrics to track.',
      price: 75,
      lessonType: 'Document',
      pricingType: 'fixed',
    },
    {
      title: 'First marketing job coaching',
      description: 'Prepare the interviews and the first ninety days of your first marketing role with a head of growth.',
      price: 50,
      lessonType: 'Video Call',
      pricingType: 'hourly',
    },
  ],
  'ines.moreau@demo.test': [
    {
      title: 'Brand positioning workshop',
      description: 'A working session to define the positioning, promise and tone of voice of your brand or project.',
      price: 65,
      lessonType: 'Video Call',
      pricingType: 'hourly',
    },
    {
      title: 'Brand guidelines written for you',
      description: 'Hours of writing on your brand guidelines: voice, messages and examples, delivered as a document you can share.',
      price: 45,
      lessonType: 'Document',
      pricingType: 'hourly',
    },
  ],
  'thomas.keller@demo.test': [
    {
      title: 'Mock case interview with feedback',
      description: 'A full consulting case interview in real conditions, then detailed feedback on structure and maths.',
      price: 85,
      lessonType: 'Video Call',
      pricingType: 'fixed',
      durationMinutes: 90,
    },
    {
      title: 'Structured problem solving coaching',
      description: 'Learn issue trees, hypotheses and synthesis on business problems, one hour at a time.',
      price: 60,
      lessonType: 'Video Call',
      pricingType: 'hourly',
    },
  ],
  'nadia.benali@demo.test': [
    {
      title: 'CV and cover letter makeover',
      description: 'A rewritten CV and cover letter for your target role, with the reasons behind every change.',
      price: 55,
      lessonType: 'Document',
      pricingType: 'fixed',
    },
    {
      title: 'Salary negotiation call',
      description: 'Prepare your next salary negotiation: market ranges, your arguments and a rehearsal of the talk.',
      price: 45,
      lessonType: 'Phone Call',
      pricingType: 'hourly',
    },
  ],
};

/** How each expert login's generated profile photo looks (demo-photos.ts draws it). */
export const DEMO_PORTRAITS: Record<string, Portrait> = {
  'claire.dubois@demo.test': { skin: 'light', hair: 'bob', hairColour: 'brown' },
  'omar.haddad@demo.test': { skin: 'olive', hair: 'short', hairColour: 'black', beard: true },
  'sophie.laurent@demo.test': { skin: 'fair', hair: 'long', hairColour: 'auburn' },
  'lucas.bernard@demo.test': { skin: 'light', hair: 'short', hairColour: 'blond' },
  'emma.wilson@demo.test': { skin: 'fair', hair: 'long', hairColour: 'blond', glasses: true },
  'ines.moreau@demo.test': { skin: 'olive', hair: 'curly', hairColour: 'dark brown' },
  'thomas.keller@demo.test': { skin: 'light', hair: 'short', hairColour: 'brown', glasses: true },
  'nadia.benali@demo.test': { skin: 'olive', hair: 'bun', hairColour: 'black' },
};
