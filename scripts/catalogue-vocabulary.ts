/**
 * Word lists of the catalogue generator (generate-catalogue.ts): names, places, universities, and
 * per area the topics, job titles and things people send for review that its texts are built from,
 * so that search finds realistic prefixes. Data only; invented people and firms, real places.
 */

export const AREAS = ['Finance', 'Law', 'Marketing', 'Consulting'] as const;
export type Area = (typeof AREAS)[number];

export interface AreaVocabulary {
  /** Subjects of offers, headlines and expertises, lower case ("financial modelling"). */
  topics: string[];
  positions: string[];
  /** Second word of firm names ("Northgate Capital"). */
  firmKinds: string[];
  /** Fields of study of the experts' degrees. */
  fields: string[];
  /** What a student sends for a written review ("business plan"). */
  documents: string[];
  audiences: string[];
}

export const AREA_VOCABULARY: Record<Area, AreaVocabulary> = {
  Finance: {
    topics: [
      'financial modelling', 'valuation', 'corporate finance', 'credit risk', 'budgeting', 'accounting', 'audit', 'IFRS reporting', 'tax planning', 'portfolio management',
      'private equity', 'venture capital', 'equity research', 'treasury', 'cash flow forecasting', 'mergers and acquisitions', 'fintech', 'ESG investing', 'personal finance', 'derivatives',
      'risk management', 'financial analysis', 'Excel for finance', 'data analysis', 'fundraising', 'banking interviews', 'LBO modelling', 'management accounting', 'financial planning', 'investor relations',
    ],
    positions: ['Financial Analyst', 'Finance Director', 'Chief Financial Officer', 'Audit Manager', 'Portfolio Manager', 'Credit Analyst', 'Tax Adviser', 'Financial Controller', 'Investment Associate', 'Treasurer', 'Equity Analyst', 'Risk Manager'],
    firmKinds: ['Capital', 'Partners', 'Finance', 'Advisory', 'Bank', 'Asset Management', 'Investments', 'Accountants'],
    fields: ['Finance', 'Economics', 'Accounting', 'Business Administration', 'Mathematics', 'Banking'],
    documents: ['financial model', 'budget', 'investment memo', 'pitch deck', 'CV for finance roles', 'valuation', 'cash flow forecast', 'annual accounts', 'stock pitch', 'Excel workbook'],
    audiences: ['finance students', 'young analysts', 'founders', 'career changers', 'accounting candidates', 'graduates'],
  },
  Law: {
    topics: [
      'employment contracts', 'labour law', 'corporate law', 'contract drafting', 'intellectual property', 'trademarks', 'data protection', 'GDPR compliance', 'immigration law', 'real estate law',
      'competition law', 'commercial litigation', 'consumer law', 'start-up legal basics', 'shareholder agreements', 'family law', 'tax law', 'construction contracts', 'arbitration', 'negotiation',
      'legal writing', 'compliance', 'privacy policies', 'licensing', 'moot court', 'legal English', 'dispute resolution', 'company formation', 'EU law', 'bar exam preparation',
    ],
    positions: ['Lawyer', 'Partner', 'Legal Counsel', 'Senior Associate', 'Barrister', 'Solicitor', 'General Counsel', 'Compliance Officer', 'Privacy Counsel', 'Legal Director'],
    firmKinds: ['Legal', 'Law', 'Avocats', 'Abogados', 'Attorneys', 'Chambers', 'Solicitors', 'Law Partners'],
    fields: ['Law', 'Business Law', 'International Law', 'Intellectual Property', 'European Law', 'Political Science'],
    documents: ['employment contract', 'lease', 'shareholder agreement', 'privacy policy', 'terms of service', 'licence agreement', 'legal memo', 'cover letter for law firms', 'moot submission', 'supply contract'],
    audiences: ['law students', 'founders', 'young lawyers', 'employees', 'freelancers', 'small businesses'],
  },
  Marketing: {
    topics: [
      'brand strategy', 'growth marketing', 'SEO', 'content marketing', 'social media', 'performance marketing', 'product marketing', 'copywriting', 'e-mail marketing', 'marketing analytics',
      'market research', 'influencer marketing', 'event marketing', 'digital marketing', 'paid search', 'marketing automation', 'customer segmentation', 'brand storytelling', 'go-to-market', 'pricing',
      'community building', 'public relations', 'CRM', 'conversion optimisation', 'video marketing', 'marketing plans', 'brand identity', 'B2B marketing', 'retail marketing', 'project management',
    ],
    positions: ['Marketing Manager', 'Head of Growth', 'Brand Manager', 'Content Lead', 'SEO Specialist', 'Product Marketing Manager', 'CRM Manager', 'Creative Director', 'Marketing Director', 'Social Media Manager'],
    firmKinds: ['Media', 'Digital', 'Creative', 'Studio', 'Brands', 'Agency', 'Communications', 'Labs'],
    fields: ['Marketing', 'Communication', 'Business Administration', 'Journalism', 'Psychology', 'Digital Media'],
    documents: ['marketing plan', 'landing page', 'newsletter', 'brand platform', 'portfolio', 'social media calendar', 'campaign brief', 'website copy', 'CV for marketing roles', 'launch plan'],
    audiences: ['marketing students', 'junior marketers', 'founders', 'small businesses', 'career changers', 'freelancers'],
  },
  Consulting: {
    topics: [
      'case interviews', 'strategy consulting', 'market sizing', 'project management', 'change management', 'operations', 'lean', 'supply chain', 'data analysis', 'digital transformation',
      'HR consulting', 'career coaching', 'salary negotiation', 'presentation skills', 'problem solving', 'business plans', 'MBA applications', 'sustainability', 'process improvement', 'stakeholder management',
      'independent consulting', 'pricing strategy', 'technology consulting', 'software development', 'civil engineering', 'infrastructure projects', 'leadership', 'public speaking', 'productivity', 'due diligence',
    ],
    positions: ['Strategy Consultant', 'Engagement Manager', 'Principal', 'Senior Consultant', 'Management Consultant', 'HR Consultant', 'Operations Manager', 'Independent Consultant', 'Career Coach', 'Project Director'],
    firmKinds: ['Consulting', 'Advisory', 'Strategy', 'Group', 'Partners', 'Associates', 'Management', 'Solutions'],
    fields: ['Business Administration', 'Engineering', 'Economics', 'Industrial Engineering', 'Psychology', 'Computer Science', 'Civil Engineering'],
    documents: ['CV', 'cover letter', 'business plan', 'slide deck', 'project plan', 'MBA essay', 'proposal', 'case write-up', 'process map', 'change plan'],
    audiences: ['students', 'consulting candidates', 'young managers', 'engineers', 'career changers', 'MBA applicants'],
  },
};

/** First words of firm names. */
export const FIRM_NAMES = [
  'Northgate', 'Silverline', 'Harbourview', 'Bluestone', 'Cedar', 'Meridian', 'Summit', 'Riverside', 'Oakridge', 'Brightwater', 'Kestrel', 'Lumen', 'Granite', 'Evergreen', 'Highfield', 'Crescent',
  'Aurora', 'Beacon', 'Compass', 'Horizon', 'Juniper', 'Larkspur', 'Mistral', 'Pinnacle', 'Quayside', 'Redwood', 'Sequoia', 'Tidewater', 'Vantage', 'Westbrook', 'Zenith', 'Ashford',
];

export const FIRST_NAMES = [
  'Amara', 'Chiamaka', 'Kwame', 'Fatou', 'Tendai', 'Zainab', 'Kofi', 'Ayodele', 'Nia', 'Thabo', 'Wanjiku', 'Moussa', 'Amina', 'Yaw', 'Lindiwe', 'Ibrahim',
  'Sofia', 'Lucas', 'Emma', 'Noah', 'Chloé', 'Mathis', 'Greta', 'Lars', 'Ingrid', 'Matteo', 'Giulia', 'Pablo', 'Lucía', 'Jan', 'Zofia', 'Tomasz', 'Anouk', 'Bram', 'Siobhan', 'Declan', 'Élodie', 'Jürgen', 'Björn', 'Søren', 'Zoë', 'Inès',
  'Mateo', 'Valentina', 'Santiago', 'Camila', 'Diego', 'Isabela', 'Joaquín', 'Renata', 'Thiago', 'Mariana', 'Raúl', 'Ximena',
  'Aarav', 'Ananya', 'Rohan', 'Priya', 'Haruto', 'Yui', 'Minjun', 'Seoyeon', 'Wei', 'Xinyi', 'Arjun', 'Meera', 'Hiroshi', 'Sakura', 'Linh', 'Minh', 'Farah', 'Omar', 'Layla', 'Karim', 'Noor', 'Yusuf',
  'Olivia', 'Liam', 'Ava', 'Ethan', 'Harper', 'Mason', 'Aroha', 'Tane', 'Mia', 'Jack', 'Grace', 'Samuel', 'Naomi', 'Daniel', 'Hannah', 'Gabriel',
];

export const LAST_NAMES = [
  'Okafor', 'Mensah', 'Diallo', 'Ndlovu', 'Kamau', 'Traoré', 'Adeyemi', 'Boateng', 'Mokoena', 'Otieno', 'Cissé', 'Abebe', 'Haddad', 'Benali', 'El Idrissi', 'Mansour',
  'Dubois', 'Laurent', 'Müller', 'Schneider', 'Rossi', 'Bianchi', 'García', 'Fernández', 'Kowalski', 'Nowak', 'Jansen', 'de Vries', 'Lindqvist', 'Andersen', 'Østergaard', 'Byrne', 'Murphy', 'Lefèvre', 'Novák', 'Popescu',
  'Silva', 'Santos', 'Oliveira', 'Rodríguez', 'Gómez', 'Pérez', 'Castillo', 'Herrera', 'Vargas', 'Rojas', 'Núñez', 'Ibáñez',
  'Sharma', 'Patel', 'Iyer', 'Reddy', 'Tanaka', 'Suzuki', 'Kim', 'Park', 'Chen', 'Wang', 'Nguyen', 'Tran', 'Lim', 'Tan', 'Yamamoto', 'Choi', 'Rahman', 'Hussain', 'Aziz', 'Karimi',
  'Smith', 'Johnson', 'Brown', 'Taylor', 'Wilson', 'Thompson', 'Walker', 'Clarke', 'Campbell', 'Ngata', 'Parata', 'Robinson', 'Mitchell', 'Evans', 'Hughes', 'Bennett',
];

/** Cities on six continents, with a language spoken there (two-letter code) besides English. */
export const CITIES: { city: string; country: string; language: string }[] = [
  { city: 'Paris', country: 'France', language: 'fr' }, { city: 'Lyon', country: 'France', language: 'fr' }, { city: 'Berlin', country: 'Germany', language: 'de' }, { city: 'Munich', country: 'Germany', language: 'de' },
  { city: 'Madrid', country: 'Spain', language: 'es' }, { city: 'Barcelona', country: 'Spain', language: 'ca' }, { city: 'Lisbon', country: 'Portugal', language: 'pt' }, { city: 'Milan', country: 'Italy', language: 'it' },
  { city: 'Amsterdam', country: 'Netherlands', language: 'nl' }, { city: 'Brussels', country: 'Belgium', language: 'fr' }, { city: 'Dublin', country: 'Ireland', language: 'ga' }, { city: 'London', country: 'United Kingdom', language: 'en' },
  { city: 'Stockholm', country: 'Sweden', language: 'sv' }, { city: 'Copenhagen', country: 'Denmark', language: 'da' }, { city: 'Warsaw', country: 'Poland', language: 'pl' }, { city: 'Zurich', country: 'Switzerland', language: 'de' },
  { city: 'New York', country: 'United States', language: 'es' }, { city: 'Chicago', country: 'United States', language: 'es' }, { city: 'San Francisco', country: 'United States', language: 'es' }, { city: 'Toronto', country: 'Canada', language: 'fr' },
  { city: 'Montreal', country: 'Canada', language: 'fr' }, { city: 'Mexico City', country: 'Mexico', language: 'es' }, { city: 'São Paulo', country: 'Brazil', language: 'pt' }, { city: 'Rio de Janeiro', country: 'Brazil', language: 'pt' },
  { city: 'Buenos Aires', country: 'Argentina', language: 'es' }, { city: 'Santiago', country: 'Chile', language: 'es' }, { city: 'Bogotá', country: 'Colombia', language: 'es' }, { city: 'Lima', country: 'Peru', language: 'es' },
  { city: 'Lagos', country: 'Nigeria', language: 'yo' }, { city: 'Nairobi', country: 'Kenya', language: 'sw' }, { city: 'Accra', country: 'Ghana', language: 'fr' }, { city: 'Cape Town', country: 'South Africa', language: 'af' },
  { city: 'Johannesburg', country: 'South Africa', language: 'zu' }, { city: 'Casablanca', country: 'Morocco', language: 'ar' }, { city: 'Dakar', country: 'Senegal', language: 'fr' }, { city: 'Cairo', country: 'Egypt', language: 'ar' },
  { city: 'Mumbai', country: 'India', language: 'hi' }, { city: 'Bangalore', country: 'India', language: 'kn' }, { city: 'Singapore', country: 'Singapore', language: 'zh' }, { city: 'Tokyo', country: 'Japan', language: 'ja' },
  { city: 'Seoul', country: 'South Korea', language: 'ko' }, { city: 'Hong Kong', country: 'Hong Kong', language: 'zh' }, { city: 'Dubai', country: 'United Arab Emirates', language: 'ar' }, { city: 'Kuala Lumpur', country: 'Malaysia', language: 'ms' },
  { city: 'Sydney', country: 'Australia', language: 'en' }, { city: 'Melbourne', country: 'Australia', language: 'en' }, { city: 'Auckland', country: 'New Zealand', language: 'mi' }, { city: 'Wellington', country: 'New Zealand', language: 'mi' },
];

export const UNIVERSITIES = [
  'University of Lagos', 'University of Nairobi', 'University of Cape Town', 'Cairo University', 'Université Cheikh Anta Diop', 'University of Ghana',
  'Sorbonne Université', 'Humboldt-Universität zu Berlin', 'Universidad Complutense de Madrid', 'Università Bocconi', 'Universiteit van Amsterdam', 'Trinity College Dublin', 'University of Edinburgh', 'Stockholm School of Economics', 'University of Warsaw', 'ETH Zurich',
  'University of Toronto', 'McGill University', 'New York University', 'University of Chicago', 'Universidad Nacional Autónoma de México',
  'Universidade de São Paulo', 'Universidad de Buenos Aires', 'Pontificia Universidad Católica de Chile', 'Universidad de los Andes',
  'University of Mumbai', 'National University of Singapore', 'University of Tokyo', 'Seoul National University', 'The University of Hong Kong',
  'University of Sydney', 'University of Melbourne', 'University of Auckland',
];

/** Degree level and the degrees awarded at it. */
export const DEGREES: { level: string; degrees: string[] }[] = [
  { level: "Bachelor's", degrees: ['BA', 'BSc', 'BCom', 'BBA', 'LLB', 'BEng'] },
  { level: "Master's", degrees: ['MSc', 'MA', 'MBA', 'LLM', 'MEng'] },
  { level: 'Doctorate', degrees: ['PhD'] },
];
