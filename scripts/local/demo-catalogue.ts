/**
 * The demo catalogue beyond the eight expert logins of demo-accounts.ts: forty experts in finance,
 * law, marketing and consulting on six continents, their published offers and a few offers waiting
 * for moderation. Invented people and firms; universities are real. Data only: seed.ts writes it.
 * These accounts have the demo password too, but the README lists only the eight logins.
 */
import type { DemoOffer, Profile } from './demo-accounts';
import type { Portrait } from './demo-photos';

export interface CatalogueExpert {
  profile: Profile;
  portrait: Portrait;
  /** Published (approved) offers. */
  offers: DemoOffer[];
  /** Offers waiting in the admin's moderation queue. */
  pendingOffers?: DemoOffer[];
}

export const CATALOGUE_EXPERTS: CatalogueExpert[] = [
  // Finance ---------------------------------------------------------------------------------------
  {
    profile: {
      email: 'adaeze.okonkwo@demo.test', firstName: 'Adaeze', lastName: 'Okonkwo', domainActivity: 'Finance', headline: 'Credit risk lead in commercial banking', position: 'Head of Credit Risk', company: 'Lagoon Commercial Bank', city: 'Lagos', country: 'Nigeria', languages: ['en', 'yo'], expYears: 12, rating: 4.8, reviews: 57,
      bio: 'I have assessed lending to small businesses and large corporates for twelve years. I teach credit analysis the way banks actually do it, and I prepare graduates for risk and banking interviews.',
      expertises: ['Credit Risk', 'Financial Modeling', 'Banking'],
      workExperience: [
        { position: 'Head of Credit Risk', company: 'Lagoon Commercial Bank', location: 'Lagos', startDate: '03/2019', endDate: 'Present', description: 'Lead a team of eight analysts approving corporate and SME credit lines; built the bank’s early-warning scorecard for loan defaults.' },
        { position: 'Credit Analyst', company: 'Harbourline Finance', location: 'Lagos', startDate: '09/2013', endDate: '02/2019', description: 'Analysed financial statements and cash flows of mid-sized borrowers and wrote credit memos for the lending committee.' },
      ],
      education: [{ institution: 'University of Lagos', level: "Master's", degree: 'MSc', field: 'Banking and Finance', year: 2013 }],
    },
    portrait: { skin: 'deep', hair: 'bun', hairColour: 'black' },
    offers: [
      { title: 'Credit analysis of a real company', description: 'We read the accounts of a listed company together, compute the key ratios and decide whether to lend, as a credit committee would.', price: 55, lessonType: 'Video Call', pricingType: 'hourly' },
      { title: 'Banking interview preparation', description: 'A mock interview for credit, risk or corporate banking roles with feedback on technical answers and on how you present your experience.', price: 90, lessonType: 'Video Call', pricingType: 'fixed' },
      { title: 'Credit memo review', description: 'Send a credit memo or a case study you wrote; you get it back annotated, with a short note on structure, risks missed and the recommendation.', price: 65, lessonType: 'Document', pricingType: 'fixed' },
    ],
  },
  {
    profile: {
      email: 'rafael.mendes@demo.test', firstName: 'Rafael', lastName: 'Mendes', domainActivity: 'Finance', headline: 'Equity research analyst covering Latin American retail', position: 'Senior Equity Analyst', company: 'Paulista Capital', city: 'São Paulo', country: 'Brazil', languages: ['pt', 'en', 'es'], expYears: 9, rating: 4.7, reviews: 41,
      bio: 'I write research on listed retailers and consumer brands across Latin America. With students I work on valuation, earnings models and the stock pitch that opens doors in asset management.',
      expertises: ['Valuation', 'Equity Research', 'Financial Modeling'],
      workExperience: [
        { position: 'Senior Equity Analyst', company: 'Paulista Capital', location: 'São Paulo', startDate: '01/2020', endDate: 'Present', description: 'Cover twelve listed retailers, publish earnings previews and initiation reports, and present stock ideas to portfolio managers.' },
        { position: 'Investment Banking Analyst', company: 'Ipiranga Partners', location: 'São Paulo', startDate: '02/2016', endDate: '12/2019', description: 'Built valuation models and pitch books for mergers and share offerings of consumer and healthcare companies.' },
      ],
      education: [{ institution: 'Universidade de São Paulo', level: "Bachelor's", degree: 'BA', field: 'Economics', year: 2015 }],
    },
    portrait: { skin: 'medium', hair: 'short', hairColour: 'dark brown', beard: true },
    offers: [
      { title: 'DCF valuation step by step', description: 'From revenue drivers to terminal value: build a discounted cash flow model of a real company with me, and understand every assumption in it.', price: 70, lessonType: 'Video Call', pricingType: 'hourly' },
      { title: 'Stock pitch coaching', description: 'Prepare the stock pitch asked in asset management interviews: thesis, catalysts, valuation and risks, rehearsed until it fits in five minutes.', price: 110, lessonType: 'Video Call', pricingType: 'fixed' },
      { title: 'Equity research report feedback', description: 'Send your research report or investment memo and receive detailed written feedback on the thesis, the model and the writing.', price: 80, lessonType: 'Document', pricingType: 'fixed' },
    ],
  },
  {
    profile: {
      email: 'priya.raghunathan@demo.test', firstName: 'Priya', lastName: 'Raghunathan', domainActivity: 'Finance', headline: 'Chartered accountant, audit and IFRS reporting', position: 'Audit Manager', company: 'Meridian Assurance', city: 'Mumbai', country: 'India', languages: ['en', 'hi', 'ta'], expYears: 10, rating: 4.9, reviews: 88,
      bio: 'Audit manager for listed manufacturing and technology clients. I explain accounting standards in plain words, help candidates through accountancy exams and review financial statements before they go out.',
      expertises: ['Accounting', 'Audit', 'IFRS'],
      workExperience: [
        { position: 'Audit Manager', company: 'Meridian Assurance', location: 'Mumbai', startDate: '04/2018', endDate: 'Present', description: 'Run statutory audits of listed manufacturing and software groups, coach junior auditors and review consolidation and revenue recognition.' },
        { position: 'Audit Associate', company: 'Meridian Assurance', location: 'Chennai', startDate: '07/2014', endDate: '03/2018', description: 'Tested controls and balances for retail and logistics clients and prepared the first drafts of audit reports.' },
      ],
      education: [
        { institution: 'University of Madras', level: "Bachelor's", degree: 'BCom', field: 'Accounting', year: 2012 },
        { institution: 'Institute of Chartered Accountants of India', level: 'Professional', degree: 'CA', field: 'Accountancy', year: 2014 },
      ],
    },
    portrait: { skin: 'brown', hair: 'long', hairColour: 'black' },
    offers: [
      { title: 'IFRS explained with real cases', description: 'Revenue, leases, financial instruments: one standard per session, explained with extracts from published annual reports.', price: 45, lessonType: 'Video Call', pricingType: 'hourly' },
      { title: 'Accounting exam revision plan', description: 'A written revision plan for your accountancy exam built from your past results, with the topics to prioritise week by week.', price: 50, lessonType: 'Document', pricingType: 'fixed' },
      { title: 'Ask an auditor: career call', description: 'A phone call about audit careers: the first years, exams, moving to industry later, and what partners look for in juniors.', price: 35, lessonType: 'Phone Call', pricingType: 'hourly' },
    ],
  },
  {
    profile: {
      email: 'kenji.watanabe@demo.test', firstName: 'Kenji', lastName: 'Watanabe', domainActivity: 'Finance', headline: 'Corporate treasurer, FX and cash management', position: 'Group Treasurer', company: 'Hoshino Industrial', city: 'Tokyo', country: 'Japan', languages: ['ja', 'en'], expYears: 16, rating: 4.6, reviews: 23,
      bio: 'Sixteen years in corporate treasury: currency hedging, cash pooling and bank relationships for an industrial group present in thirty countries. I coach analysts moving into treasury.',
      expertises: ['Treasury', 'Foreign Exchange', 'Cash Management'],
      workExperience: [
        { position: 'Group Treasurer', company: 'Hoshino Industrial', location: 'Tokyo', startDate: '06/2017', endDate: 'Present', description: 'Own the group’s liquidity, currency hedging policy and bank relationships across Asia, Europe and the Americas.' },
        { position: 'FX Risk Manager', company: 'Kanda Trading', location: 'Tokyo', startDate: '04/2010', endDate: '05/2017', description: 'Hedged the currency exposure of import and export contracts and reported risk positions to the finance committee monthly.' },
      ],
      education: [{ institution: 'Keio University', level: "Bachelor's", degree: 'BA', field: 'Commerce', year: 2009 }],
    },
    portrait: { skin: 'light', hair: 'short', hairColour: 'black', glasses: true },
    offers: [
      { title: 'Currency hedging for beginners', description: 'Forwards, options and natural hedges explained on the cash flows of an exporting company, with a small hedging plan to build yourself.', price: 60, lessonType: 'Video Call', pricingType: 'hourly' },
      { title: 'Cash forecast template review', description: 'Send your thirteen-week cash forecast and get it back with corrections, better structure and the checks a treasurer would add.', price: 60, lessonType: 'Document', pricingType: 'hourly' },
      { title: 'Moving into corporate treasury', description: 'One call on the path from audit, banking or controlling into treasury, the skills that transfer and how to present them.', price: 40, lessonType: 'Phone Call', pricingType: 'fixed' },
    ],
  },
  {
    profile: {
      email: 'olivia.bennett@demo.test', firstName: 'Olivia', lastName: 'Bennett', domainActivity: 'Finance', headline: 'Financial planner for young professionals', position: 'Senior Financial Planner', company: 'Harbour Bridge Advisory', city: 'Sydney', country: 'Australia', languages: ['en'], expYears: 8, rating: 4.7, reviews: 64,
      bio: 'I help people in their first jobs budget, invest and plan for big goals. Sessions are practical: we look at your numbers and leave with a plan you can follow.',
      expertises: ['Personal Finance', 'Budgeting', 'Investing'],
      workExperience: [
        { position: 'Senior Financial Planner', company: 'Harbour Bridge Advisory', location: 'Sydney', startDate: '08/2019', endDate: 'Present', description: 'Advise young professionals and families on budgets, retirement savings, insurance and first home purchases.' },
        { position: 'Paraplanner', company: 'Coastal Wealth Partners', location: 'Sydney', startDate: '02/2016', endDate: '07/2019', description: 'Prepared financial plans and investment research for advisers and explained recommendations to clients.' },
      ],
      education: [{ institution: 'University of Sydney', level: "Bachelor's", degree: 'BCom', field: 'Finance', year: 2015 }],
    },
    portrait: { skin: 'fair', hair: 'bob', hairColour: 'blond' },
    offers: [
      { title: 'Your first budget that holds', description: 'We build a monthly budget from your real spending, set savings goals and automate the boring part so it keeps working.', price: 40, lessonType: 'Video Call', pricingType: 'fixed' },
      { title: 'Investing basics for first jobs', description: 'Index funds, fees, risk and time horizon: the essentials to start investing with a small monthly amount, without jargon.', price: 50, lessonType: 'Video Call', pricingType: 'hourly' },
      { title: 'Money questions by phone', description: 'Bring your questions on saving, debt or your first pay rise; a quick call with a planner to sort out what to do first.', price: 30, lessonType: 'Phone Call', pricingType: 'hourly' },
    ],
  },
  {
    profile: {
      email: 'mateo.fernandez@demo.test', firstName: 'Mateo', lastName: 'Fernández', domainActivity: 'Finance', headline: 'Start-up CFO, fundraising and unit economics', position: 'Chief Financial Officer', company: 'Pampa Logistics', city: 'Buenos Aires', country: 'Argentina', languages: ['es', 'en', 'it'], expYears: 11, rating: 4.5, reviews: 19,
      bio: 'CFO of a logistics start-up after years in venture capital. I help founders and finance students with fundraising models, investor decks and the metrics investors check first.',
      expertises: ['Fundraising', 'Startup Finance', 'Financial Modeling'],
      workExperience: [
        { position: 'Chief Financial Officer', company: 'Pampa Logistics', location: 'Buenos Aires', startDate: '05/2021', endDate: 'Present', description: 'Raised two funding rounds, set up reporting and budgeting, and manage cash across three countries.' },
        { position: 'Investment Associate', company: 'Río de la Plata Ventures', location: 'Buenos Aires', startDate: '03/2015', endDate: '04/2021', description: 'Screened over five hundred start-ups a year, modelled deals and sat on the boards of portfolio companies as an observer.' },
      ],
      education: [{ institution: 'Universidad de Buenos Aires', level: "Master's", degree: 'MBA', field: 'Finance', year: 2014 }],
    },
    portrait: { skin: 'olive', hair: 'short', hairColour: 'brown' },
    offers: [
      { title: 'Start-up financial model review', description: 'Send your start-up’s financial model; I check the assumptions, the unit economics and the cash runway, and send back a list of fixes.', price: 150, lessonType: 'Document', pricingType: 'fixed' },
      { title: 'Fundraising deck rehearsal', description: 'Present your investor deck as you would to a fund and get the questions investors will ask, then feedback slide by slide.', price: 80, lessonType: 'Video Call', pricingType: 'hourly' },
      { title: 'Unit economics in one session', description: 'Customer acquisition cost, lifetime value, contribution margin: compute them for your own business and learn what they tell you.', price: 95, lessonType: 'Video Call', pricingType: 'fixed' },
    ],
  },
  {
    profile: {
      email: 'hanna.lindqvist@demo.test', firstName: 'Hanna', lastName: 'Lindqvist', domainActivity: 'Finance', headline: 'Sustainable finance and ESG analyst', position: 'ESG Analyst', company: 'Nordvik Asset Management', city: 'Stockholm', country: 'Sweden', languages: ['sv', 'en', 'de'], expYears: 6, rating: 4.6, reviews: 15,
      bio: 'I assess how companies manage climate and social risks for a Nordic asset manager. I coach students who want to start a career in sustainable finance.',
      expertises: ['ESG', 'Sustainable Finance', 'Portfolio Analytics'],
      workExperience: [
        { position: 'ESG Analyst', company: 'Nordvik Asset Management', location: 'Stockholm', startDate: '09/2020', endDate: 'Present', description: 'Score listed companies on climate and governance risks and engage with their boards on behalf of the funds.' },
        { position: 'Sustainability Consultant', company: 'Greenfield Advisory', location: 'Gothenburg', startDate: '06/2018', endDate: '08/2020', description: 'Wrote sustainability reports and carbon footprints for industrial clients and trained their finance teams.' },
      ],
      education: [{ institution: 'Stockholm School of Economics', level: "Master's", degree: 'MSc', field: 'Finance', year: 2018 }],
    },
    portrait: { skin: 'light', hair: 'long', hairColour: 'blond' },
    offers: [
      { title: 'ESG analysis of a listed company', description: 'We read a sustainability report together, score the company on material risks and compare it with peers, as an ESG analyst does.', price: 55, lessonType: 'Video Call', pricingType: 'hourly' },
      { title: 'Careers in sustainable finance', description: 'A call on the roles in sustainable finance, the certifications worth having and how to tell your story in interviews.', price: 35, lessonType: 'Phone Call', pricingType: 'fixed' },
    ],
    pendingOffers: [
      { title: 'Climate risk essay feedback', description: 'Written feedback on your thesis chapter or essay on climate risk in finance: sources, method and clarity of the argument.', price: 60, lessonType: 'Document', pricingType: 'fixed' },
    ],
  },
  {
    profile: {
      email: 'daniel.asante@demo.test', firstName: 'Daniel', lastName: 'Asante', domainActivity: 'Finance', headline: 'Fintech finance lead, payments and mobile money', position: 'Finance Lead', company: 'Kente Pay', city: 'Accra', country: 'Ghana', languages: ['en', 'fr'], expYears: 7, rating: 4.4, reviews: 12,
      bio: 'Finance lead of a payments start-up serving West Africa. I teach financial analysis for fintech and help analysts move from banks to start-ups.',
      expertises: ['Fintech', 'Payments', 'Data Analysis'],
      workExperience: [
        { position: 'Finance Lead', company: 'Kente Pay', location: 'Accra', startDate: '01/2022', endDate: 'Present', description: 'Own budgeting, pricing of payment products and reporting to investors for a mobile payments company in four countries.' },
        { position: 'Financial Analyst', company: 'Gold Coast Bank', location: 'Accra', startDate: '08/2017', endDate: '12/2021', description: 'Built profitability reports for the retail bank and the business case of its first mobile banking app.' },
      ],
      education: [{ institution: 'University of Ghana', level: "Bachelor's", degree: 'BSc', field: 'Economics', year: 2017 }],
    },
    portrait: { skin: 'deep', hair: 'bald', hairColour: 'black', beard: true },
    offers: [
      { title: 'Fintech business models explained', description: 'How payment companies, neobanks and lenders make money, with the key metrics of each, in a session shaped around your questions.', price: 45, lessonType: 'Video Call', pricingType: 'hourly' },
      { title: 'From bank to fintech: CV review', description: 'Your CV and LinkedIn rewritten for finance roles at start-ups, with a note on which bank experience to put forward.', price: 55, lessonType: 'Document', pricingType: 'fixed' },
    ],
  },
  {
    profile: {
      email: 'meilin.tan@demo.test', firstName: 'Mei Lin', lastName: 'Tan', domainActivity: 'Finance', headline: 'Private equity associate, deals and valuation', position: 'Private Equity Associate', company: 'Straits Growth Partners', city: 'Singapore', country: 'Singapore', languages: ['en', 'zh', 'ms'], expYears: 5, rating: 4.8, reviews: 33,
      bio: 'I work on mid-market buyouts in Southeast Asia. I coach candidates for private equity recruiting: LBO modelling tests, case studies and the deal discussion.',
      expertises: ['Private Equity', 'LBO Modeling', 'Valuation'],
      workExperience: [
        { position: 'Private Equity Associate', company: 'Straits Growth Partners', location: 'Singapore', startDate: '07/2022', endDate: 'Present', description: 'Model and diligence buyouts of consumer and healthcare businesses and support portfolio companies after closing.' },
        { position: 'M&A Analyst', company: 'Marina Bay Advisers', location: 'Singapore', startDate: '07/2020', endDate: '06/2022', description: 'Prepared valuation analyses, information memoranda and buyer lists for sell-side mandates across the region.' },
      ],
      education: [{ institution: 'National University of Singapore', level: "Bachelor's", degree: 'BBA', field: 'Finance', year: 2020 }],
    },
    portrait: { skin: 'light', hair: 'bob', hairColour: 'black' },
    offers: [
      { title: 'LBO modelling test practice', description: 'A timed paper LBO and a full modelling test in real conditions, then a review of your model line by line.', price: 95, lessonType: 'Video Call', pricingType: 'fixed' },
      { title: 'Private equity case study prep', description: 'Work through an investment case: market, business quality, value creation plan and returns, with the questions interviewers ask.', price: 75, lessonType: 'Video Call', pricingType: 'hourly' },
    ],
  },
  {
    profile: {
      email: 'marcus.whitfield@demo.test', firstName: 'Marcus', lastName: 'Whitfield', domainActivity: 'Finance', headline: 'Tax adviser for freelancers and small businesses', position: 'Tax Partner', company: 'Whitfield & Reyes CPAs', city: 'Chicago', country: 'United States', languages: ['en'], expYears: 22, rating: 4.7, reviews: 96,
      bio: 'Twenty years of tax returns and tax planning for freelancers, creators and small firms. I explain what to track, what to deduct and how to avoid surprises at filing time.',
      expertises: ['Tax', 'Accounting', 'Small Business'],
      workExperience: [
        { position: 'Tax Partner', company: 'Whitfield & Reyes CPAs', location: 'Chicago', startDate: '01/2012', endDate: 'Present', description: 'Co-founded a firm of twelve serving freelancers and small businesses with returns, planning and bookkeeping set-up.' },
        { position: 'Senior Tax Accountant', company: 'Lakeshore Tax Group', location: 'Chicago', startDate: '06/2004', endDate: '12/2011', description: 'Prepared individual and partnership returns and represented clients in correspondence with the tax authorities.' },
      ],
      education: [{ institution: 'University of Illinois Chicago', level: "Master's", degree: 'MS', field: 'Taxation', year: 2004 }],
    },
    portrait: { skin: 'light', hair: 'short', hairColour: 'grey', glasses: true },
    offers: [
      { title: 'Freelancer tax set-up session', description: 'Set up your records, estimated payments and deductible expenses for your first year as a freelancer, with a checklist to keep.', price: 85, lessonType: 'Video Call', pricingType: 'fixed' },
      { title: 'Tax questions answered by phone', description: 'A call with a tax adviser on your situation: side income, home office, moving states or selling shares.', price: 70, lessonType: 'Phone Call', pricingType: 'hourly' },
    ],
  },

  // Law -------------------------------------------------------------------------------------------
  {
    profile: {
      email: 'amara.diallo@demo.test', firstName: 'Amara', lastName: 'Diallo', domainActivity: 'Law', headline: 'Business lawyer, company law across West Africa', position: 'Partner', company: 'Diallo & Sow Avocats', city: 'Dakar', country: 'Senegal', languages: ['fr', 'en', 'wo'], expYears: 13, rating: 4.8, reviews: 37,
      bio: 'I advise companies and investors on company law, contracts and investments in West and Central Africa. I mentor law students who aim for business law firms.',
      expertises: ['Corporate', 'Contracts', 'Investment Law'],
      workExperience: [
        { position: 'Partner', company: 'Diallo & Sow Avocats', location: 'Dakar', startDate: '01/2018', endDate: 'Present', description: 'Co-lead a business law firm advising investors, banks and family groups on company formation, contracts and acquisitions.' },
        { position: 'Associate', company: 'Cabinet Ndiaye', location: 'Dakar', startDate: '10/2011', endDate: '12/2017', description: 'Drafted shareholder agreements, loan documents and commercial contracts for clients in eight countries of the region.' },
      ],
      education: [{ institution: 'Université Cheikh Anta Diop', level: "Master's", degree: 'LLM', field: 'Business Law', year: 2011 }],
    },
    portrait: { skin: 'deep', hair: 'bun', hairColour: 'black', glasses: true },
    offers: [
      { title: 'Company formation explained', description: 'Which company form for your project, the steps to register it and the documents you need, explained for your country.', price: 70, lessonType: 'Video Call', pricingType: 'fixed' },
      { title: 'Commercial contract review', description: 'Send a supply, service or distribution contract; you receive it annotated with the risky clauses and suggested wording.', price: 120, lessonType: 'Document', pricingType: 'fixed' },
      { title: 'Business law career mentoring', description: 'Sessions for law students aiming at business law firms: internships, applications, interviews and the first years as an associate.', price: 40, lessonType: 'Video Call', pricingType: 'hourly' },
    ],
  },
  {
    profile: {
      email: 'gabriela.rojas@demo.test', firstName: 'Gabriela', lastName: 'Rojas', domainActivity: 'Law', headline: 'Intellectual property lawyer, trademarks and copyright', position: 'Senior Associate', company: 'Andes IP Abogados', city: 'Bogotá', country: 'Colombia', languages: ['es', 'en'], expYears: 8, rating: 4.7, reviews: 29,
      bio: 'Trademarks, copyright and licences for brands, designers and software companies. I help creators protect their work and students discover intellectual property law.',
      expertises: ['Intellectual Property', 'Trademarks', 'Licensing'],
      workExperience: [
        { position: 'Senior Associate', company: 'Andes IP Abogados', location: 'Bogotá', startDate: '02/2020', endDate: 'Present', description: 'Manage trademark portfolios across Latin America and negotiate licence agreements for fashion and software clients.' },
        { position: 'Associate', company: 'Rojas Méndez Legal', location: 'Medellín', startDate: '01/2016', endDate: '01/2020', description: 'Filed and defended trademark applications and drafted copyright assignments for publishers and agencies.' },
      ],
      education: [{ institution: 'Universidad de los Andes', level: "Master's", degree: 'LLM', field: 'Intellectual Property', year: 2015 }],
    },
    portrait: { skin: 'medium', hair: 'long', hairColour: 'dark brown' },
    offers: [
      { title: 'Protect your brand name', description: 'Check whether your brand can be registered, choose the classes and countries, and plan the filing, in one working session.', price: 90, lessonType: 'Video Call', pricingType: 'fixed' },
      { title: 'Copyright basics for creators', description: 'Who owns what you make, how licences work and what to write in a client contract, with examples from design and music.', price: 45, lessonType: 'Video Call', pricingType: 'hourly' },
      { title: 'Licence agreement review', description: 'A written review of a licence or assignment agreement, clause by clause, with the points you should negotiate.', price: 110, lessonType: 'Document', pricingType: 'fixed' },
    ],
  },
  {
    profile: {
      email: 'cian.odonnell@demo.test', firstName: 'Cian', lastName: "O'Donnell", domainActivity: 'Law', headline: 'Data protection counsel, GDPR for tech companies', position: 'Privacy Counsel', company: 'Liffey Software', city: 'Dublin', country: 'Ireland', languages: ['en', 'ga'], expYears: 10, rating: 4.6, reviews: 26,
      bio: 'In-house privacy counsel at a software company. I make the GDPR practical for product teams and start-ups, and I coach lawyers moving into tech.',
      expertises: ['Data Protection', 'GDPR', 'Compliance'],
      workExperience: [
        { position: 'Privacy Counsel', company: 'Liffey Software', location: 'Dublin', startDate: '03/2019', endDate: 'Present', description: 'Advise product teams on privacy by design, run impact assessments and answer the regulator on behalf of the company.' },
        { position: 'Solicitor', company: 'Grafton Byrne', location: 'Dublin', startDate: '09/2014', endDate: '02/2019', description: 'Advised technology and healthcare clients on data protection, outsourcing contracts and regulatory investigations.' },
      ],
      education: [{ institution: 'Trinity College Dublin', level: "Bachelor's", degree: 'LLB', field: 'Law', year: 2013 }],
    },
    portrait: { skin: 'fair', hair: 'short', hairColour: 'auburn', beard: true },
    offers: [
      { title: 'GDPR compliance check for start-ups', description: 'We review what personal data your product collects, your legal bases, your privacy notice and your processors, and list the gaps.', price: 130, lessonType: 'Video Call', pricingType: 'fixed' },
      { title: 'Privacy policy review', description: 'Send your privacy notice and cookie banner text; get them back corrected and written so that users understand them.', price: 80, lessonType: 'Document', pricingType: 'fixed' },
      { title: 'From law firm to tech in-house', description: 'A call on moving from private practice to an in-house role at a tech company: skills, interviews and what changes day to day.', price: 40, lessonType: 'Phone Call', pricingType: 'fixed' },
    ],
  },
  {
    profile: {
      email: 'aiko.morimoto@demo.test', firstName: 'Aiko', lastName: 'Morimoto', domainActivity: 'Law', headline: 'Cross-border contracts for Japanese and European firms', position: 'Foreign Law Counsel', company: 'Naniwa International Law Office', city: 'Osaka', country: 'Japan', languages: ['ja', 'en', 'fr'], expYears: 9, rating: 4.5, reviews: 14,
      bio: 'I negotiate distribution, licensing and joint venture contracts between Japanese companies and their European partners, and teach contract drafting in English.',
      expertises: ['Contracts', 'International Trade', 'Negotiation'],
      workExperience: [
        { position: 'Foreign Law Counsel', company: 'Naniwa International Law Office', location: 'Osaka', startDate: '04/2019', endDate: 'Present', description: 'Draft and negotiate cross-border distribution and joint venture agreements for manufacturers entering Europe.' },
        { position: 'Legal Counsel', company: 'Kansai Precision', location: 'Kobe', startDate: '04/2015', endDate: '03/2019', description: 'Handled export contracts, supplier disputes and compliance training for a precision parts manufacturer.' },
      ],
      education: [{ institution: 'Kyoto University', level: "Master's", degree: 'LLM', field: 'International Law', year: 2015 }],
    },
    portrait: { skin: 'light', hair: 'bob', hairColour: 'black' },
    offers: [
      { title: 'Contract drafting in English', description: 'Learn to draft clear clauses in English: definitions, obligations, liability and termination, with exercises on your own drafts.', price: 55, lessonType: 'Video Call', pricingType: 'hourly' },
      { title: 'Distribution agreement checklist', description: 'A written checklist and comments on your draft distribution agreement: territory, exclusivity, targets, termination and law.', price: 95, lessonType: 'Document', pricingType: 'fixed' },
      { title: 'Negotiation practice with a lawyer', description: 'Role-play a contract negotiation with me, then review the concessions, the wording and the tactics you used.', price: 60, lessonType: 'Video Call', pricingType: 'hourly' },
    ],
  },
  {
    profile: {
      email: 'noah.fitzgerald@demo.test', firstName: 'Noah', lastName: 'Fitzgerald', domainActivity: 'Law', headline: 'Immigration lawyer, work permits and study visas', position: 'Immigration Lawyer', company: 'Maple Route Law', city: 'Toronto', country: 'Canada', languages: ['en', 'fr'], expYears: 7, rating: 4.8, reviews: 72,
      bio: 'I help students and skilled workers with study permits, work permits and permanent residence, and explain the options before anyone spends money on an application.',
      expertises: ['Immigration Law', 'Work Permits', 'Study Visas'],
      workExperience: [
        { position: 'Immigration Lawyer', company: 'Maple Route Law', location: 'Toronto', startDate: '05/2020', endDate: 'Present', description: 'Represent students, workers and employers in permit and residence applications and appeals.' },
        { position: 'Articling Student and Associate', company: 'Bay Street Legal Clinic', location: 'Toronto', startDate: '09/2017', endDate: '04/2020', description: 'Prepared refugee and family sponsorship files and ran free information sessions for newcomers.' },
      ],
      education: [{ institution: 'University of Toronto', level: 'Professional', degree: 'JD', field: 'Law', year: 2017 }],
    },
    portrait: { skin: 'fair', hair: 'short', hairColour: 'brown', glasses: true },
    offers: [
      { title: 'Study permit options review', description: 'We go through your plans, budget and documents and compare the study permit routes open to you, with the next steps written down.', price: 75, lessonType: 'Video Call', pricingType: 'fixed' },
      { title: 'Work permit questions by phone', description: 'A call about work permits after graduation, employer sponsorship or a change of job while your application is pending.', price: 60, lessonType: 'Phone Call', pricingType: 'hourly' },
      { title: 'Permanent residence file check', description: 'Send your draft permanent residence application; I check documents, points and consistency and list what to fix before you submit.', price: 140, lessonType: 'Document', pricingType: 'fixed' },
    ],
  },
  {
    profile: {
      email: 'zanele.mokoena@demo.test', firstName: 'Zanele', lastName: 'Mokoena', domainActivity: 'Law', headline: 'Labour lawyer, employment contracts and disputes', position: 'Director', company: 'Mokoena Employment Law', city: 'Johannesburg', country: 'South Africa', languages: ['en', 'zu', 'af'], expYears: 15, rating: 4.9, reviews: 81,
      bio: 'Fifteen years representing employees and employers in contract negotiations, dismissals and disputes. I explain employment law so that people know their rights before they sign.',
      expertises: ['Employment contracts', 'Labour Law', 'Dispute Resolution'],
      workExperience: [
        { position: 'Director', company: 'Mokoena Employment Law', location: 'Johannesburg', startDate: '02/2016', endDate: 'Present', description: 'Run a boutique firm handling unfair dismissal claims, executive contracts and workplace investigations.' },
        { position: 'Senior Associate', company: 'Highveld Attorneys', location: 'Johannesburg', startDate: '01/2009', endDate: '01/2016', description: 'Represented employers and unions in the labour court and drafted disciplinary and retrenchment procedures.' },
      ],
      education: [{ institution: 'University of the Witwatersrand', level: "Bachelor's", degree: 'LLB', field: 'Law', year: 2008 }],
    },
    portrait: { skin: 'deep', hair: 'curly', hairColour: 'black' },
    offers: [
      { title: 'Employment contract check', description: 'Send your job offer or contract; you get a written explanation of every important clause and what to ask for before you sign.', price: 70, lessonType: 'Document', pricingType: 'fixed' },
      { title: 'Dismissal and disciplinary advice', description: 'A call to understand a disciplinary hearing or a dismissal: the procedure, your rights and your options from here.', price: 65, lessonType: 'Phone Call', pricingType: 'hourly' },
      { title: 'Negotiating your employment terms', description: 'Prepare the negotiation of salary, notice period, restraint of trade and bonus clauses with a labour lawyer.', price: 55, lessonType: 'Video Call', pricingType: 'hourly' },
    ],
  },
  {
    profile: {
      email: 'arjun.mehta@demo.test', firstName: 'Arjun', lastName: 'Mehta', domainActivity: 'Law', headline: 'Technology lawyer for SaaS and start-ups', position: 'Founding Partner', company: 'Mehta Legal Studio', city: 'Bangalore', country: 'India', languages: ['en', 'hi', 'kn'], expYears: 9, rating: 4.6, reviews: 38,
      bio: 'I advise software start-ups from incorporation to their first enterprise contracts. Corporate, SaaS agreements and employee stock options are my daily work.',
      expertises: ['Corporate', 'SaaS Contracts', 'Stock Options'],
      workExperience: [
        { position: 'Founding Partner', company: 'Mehta Legal Studio', location: 'Bangalore', startDate: '06/2020', endDate: 'Present', description: 'Advise over sixty start-ups on incorporation, funding rounds, stock option plans and customer contracts.' },
        { position: 'Associate', company: 'Cubbon Park Law Chambers', location: 'Bangalore', startDate: '07/2015', endDate: '05/2020', description: 'Worked on venture capital investments and technology licensing for investors and software companies.' },
      ],
      education: [{ institution: 'National Law School of India University', level: "Bachelor's", degree: 'BA LLB', field: 'Law', year: 2015 }],
    },
    portrait: { skin: 'brown', hair: 'short', hairColour: 'black', beard: true },
    offers: [
      { title: 'SaaS terms of service review', description: 'A written review of your SaaS terms, order form or customer agreement, with fixes for liability, data and payment clauses.', price: 140, lessonType: 'Document', pricingType: 'fixed' },
      { title: 'Employee stock options explained', description: 'How option pools, vesting and exercise work, for founders designing a plan or employees deciding on an offer.', price: 50, lessonType: 'Video Call', pricingType: 'hourly' },
    ],
    pendingOffers: [
      { title: 'Term sheet walkthrough for founders', description: 'We read your term sheet together: valuation, liquidation preference, board seats and protective provisions, and what to push back on.', price: 120, lessonType: 'Video Call', pricingType: 'fixed' },
    ],
  },
  {
    profile: {
      email: 'elena.varga@demo.test', firstName: 'Elena', lastName: 'Varga', domainActivity: 'Law', headline: 'EU competition and regulatory lawyer', position: 'Counsel', company: 'Danube Legal', city: 'Budapest', country: 'Hungary', languages: ['hu', 'en', 'de'], expYears: 12, rating: 4.4, reviews: 11,
      bio: 'Competition law, state aid and EU regulation for companies operating in Central Europe. I coach law graduates applying to EU institutions and competition authorities.',
      expertises: ['Competition Law', 'EU Law', 'Compliance'],
      workExperience: [
        { position: 'Counsel', company: 'Danube Legal', location: 'Budapest', startDate: '09/2018', endDate: 'Present', description: 'Advise on merger filings, cartel investigations and compliance programmes for clients in energy and retail.' },
        { position: 'Case Handler', company: 'National competition authority', location: 'Budapest', startDate: '09/2012', endDate: '08/2018', description: 'Investigated abuse of dominance cases and drafted decisions in the retail and telecoms sectors.' },
      ],
      education: [{ institution: 'Central European University', level: "Master's", degree: 'LLM', field: 'International Business Law', year: 2012 }],
    },
    portrait: { skin: 'light', hair: 'long', hairColour: 'brown' },
    offers: [
      { title: 'EU competition law crash course', description: 'Cartels, dominance and merger control explained with recent cases, over a few sessions adapted to your exam or your job.', price: 60, lessonType: 'Video Call', pricingType: 'hourly' },
      { title: 'EU institutions application review', description: 'Written feedback on your application or competition exam answers for an EU traineeship or an authority.', price: 65, lessonType: 'Document', pricingType: 'fixed' },
    ],
  },
  {
    profile: {
      email: 'tomas.herrera@demo.test', firstName: 'Tomás', lastName: 'Herrera', domainActivity: 'Law', headline: 'Construction and real estate lawyer', position: 'Partner', company: 'Herrera Vidal Abogados', city: 'Mexico City', country: 'Mexico', languages: ['es', 'en'], expYears: 18, rating: 4.7, reviews: 44,
      bio: 'I work on construction contracts, infrastructure projects and property deals. Many of my clients are engineers, so I explain the law with the project in mind.',
      expertises: ['Construction Law', 'Real Estate', 'Civil Engineering contracts'],
      workExperience: [
        { position: 'Partner', company: 'Herrera Vidal Abogados', location: 'Mexico City', startDate: '01/2014', endDate: 'Present', description: 'Lead the construction and real estate practice: EPC contracts, public works tenders, claims and property acquisitions.' },
        { position: 'Legal Counsel', company: 'Constructora del Valle', location: 'Monterrey', startDate: '03/2007', endDate: '12/2013', description: 'In-house lawyer of a civil engineering contractor: tenders, subcontracts, delay claims and site accident files.' },
      ],
      education: [{ institution: 'Universidad Nacional Autónoma de México', level: "Bachelor's", degree: 'Licenciatura', field: 'Law', year: 2006 }],
    },
    portrait: { skin: 'olive', hair: 'short', hairColour: 'black', glasses: true },
    offers: [
      { title: 'Construction contracts for engineers', description: 'Scope, variations, delays, penalties and claims: the contract clauses a civil engineer meets on every project, explained with cases.', price: 65, lessonType: 'Video Call', pricingType: 'hourly' },
      { title: 'Lease or purchase contract review', description: 'Send a property lease or purchase agreement and receive a written review of the risks and the clauses to renegotiate.', price: 80, lessonType: 'Document', pricingType: 'hourly' },
    ],
  },
  {
    profile: {
      email: 'charlotte.nguyen@demo.test', firstName: 'Charlotte', lastName: 'Nguyen', domainActivity: 'Law', headline: 'Commercial litigator and consumer law specialist', position: 'Barrister', company: 'Owen Dixon Chambers West', city: 'Melbourne', country: 'Australia', languages: ['en', 'vi'], expYears: 6, rating: 4.5, reviews: 9,
      bio: 'Barrister in commercial and consumer disputes. I help law students with moots and advocacy, and explain consumer rights to small businesses.',
      expertises: ['Litigation', 'Consumer Law', 'Advocacy'],
      workExperience: [
        { position: 'Barrister', company: 'Owen Dixon Chambers West', location: 'Melbourne', startDate: '02/2021', endDate: 'Present', description: 'Appear in commercial, consumer and contract disputes in the state courts and tribunals.' },
        { position: 'Associate to a Judge', company: 'Supreme Court of Victoria', location: 'Melbourne', startDate: '02/2019', endDate: '01/2021', description: 'Researched points of law, prepared hearing notes and drafted parts of judgments in commercial cases.' },
      ],
      education: [{ institution: 'University of Melbourne', level: 'Professional', degree: 'JD', field: 'Law', year: 2018 }],
    },
    portrait: { skin: 'light', hair: 'long', hairColour: 'black' },
    offers: [
      { title: 'Moot court and advocacy coaching', description: 'Rehearse your moot submissions with a barrister: structure, answering the bench and speaking with confidence.', price: 50, lessonType: 'Video Call', pricingType: 'hourly' },
      { title: 'Consumer law check for your shop', description: 'A written review of your refund policy, warranties and online terms against consumer law, with corrected wording.', price: 85, lessonType: 'Document', pricingType: 'fixed' },
    ],
    pendingOffers: [
      { title: 'Letter of demand drafting', description: 'I draft a clear letter of demand for an unpaid invoice or a faulty product, ready for you to send, with the next steps if it is ignored.', price: 90, lessonType: 'Document', pricingType: 'fixed' },
    ],
  },

  // Marketing -------------------------------------------------------------------------------------
  {
    profile: {
      email: 'sofia.ricci@demo.test', firstName: 'Sofia', lastName: 'Ricci', domainActivity: 'Marketing', headline: 'Luxury brand marketing manager', position: 'Brand Marketing Manager', company: 'Casa Valtellina', city: 'Milan', country: 'Italy', languages: ['it', 'en', 'fr'], expYears: 10, rating: 4.8, reviews: 52,
      bio: 'Ten years in fashion and luxury brands: launches, campaigns and retail events. I coach graduates who want to work in luxury marketing and review their portfolios.',
      expertises: ['Brand Strategy', 'Luxury Marketing', 'Product Launch'],
      workExperience: [
        { position: 'Brand Marketing Manager', company: 'Casa Valtellina', location: 'Milan', startDate: '03/2019', endDate: 'Present', description: 'Plan the seasonal campaigns and product launches of a leather goods house in Europe and Asia.' },
        { position: 'Marketing Specialist', company: 'Atelier Brera', location: 'Milan', startDate: '09/2014', endDate: '02/2019', description: 'Ran events, influencer partnerships and the retail calendar for a ready-to-wear brand.' },
      ],
      education: [{ institution: 'Università Bocconi', level: "Master's", degree: 'MSc', field: 'Marketing Management', year: 2014 }],
    },
    portrait: { skin: 'fair', hair: 'long', hairColour: 'dark brown' },
    offers: [
      { title: 'Breaking into luxury marketing', description: 'Where to start, which roles exist in a luxury house and how to prepare applications and interviews, in a session shaped around you.', price: 50, lessonType: 'Video Call', pricingType: 'hourly' },
      { title: 'Product launch plan review', description: 'Send your launch plan; receive written feedback on positioning, timing, channels and budget, with examples from real launches.', price: 95, lessonType: 'Document', pricingType: 'fixed' },
      { title: 'Brand storytelling workshop', description: 'A working session to find the story, the tone and the visual cues of your brand, ending with a one-page brand platform.', price: 120, lessonType: 'Video Call', pricingType: 'fixed' },
    ],
  },
  {
    profile: {
      email: 'youssef.elamrani@demo.test', firstName: 'Youssef', lastName: 'El Amrani', domainActivity: 'Marketing', headline: 'Performance marketer, paid social and search', position: 'Head of Performance', company: 'Atlas Digital', city: 'Casablanca', country: 'Morocco', languages: ['ar', 'fr', 'en'], expYears: 8, rating: 4.6, reviews: 47,
      bio: 'I manage paid campaigns for e-commerce and app clients across North Africa and Europe. I teach campaign structure, tracking and how to read the numbers.',
      expertises: ['Performance Marketing', 'Paid Social', 'Google Ads'],
      workExperience: [
        { position: 'Head of Performance', company: 'Atlas Digital', location: 'Casablanca', startDate: '01/2021', endDate: 'Present', description: 'Lead a team managing paid search and social budgets for e-commerce, banking and mobile app clients.' },
        { position: 'Digital Marketing Specialist', company: 'Medina Commerce', location: 'Rabat', startDate: '06/2016', endDate: '12/2020', description: 'Launched and optimised the online store’s advertising, tripling revenue from paid channels in three years.' },
      ],
      education: [{ institution: 'ESCA École de Management', level: "Master's", degree: 'MSc', field: 'Digital Marketing', year: 2016 }],
    },
    portrait: { skin: 'olive', hair: 'short', hairColour: 'black', beard: true },
    offers: [
      { title: 'Ad account audit', description: 'I review your ad account (structure, targeting, creatives, tracking) and send a written audit with the ten changes worth making first.', price: 130, lessonType: 'Document', pricingType: 'fixed' },
      { title: 'Paid social campaigns hands-on', description: 'Build and launch a campaign with me, from audience to creative testing, and learn to read the results without fooling yourself.', price: 55, lessonType: 'Video Call', pricingType: 'hourly' },
      { title: 'Marketing analytics for ads', description: 'Attribution, conversion tracking and the dashboard a performance marketer checks each morning, set up on your own data.', price: 60, lessonType: 'Video Call', pricingType: 'hourly' },
    ],
  },
  {
    profile: {
      email: 'camila.duarte@demo.test', firstName: 'Camila', lastName: 'Duarte', domainActivity: 'Marketing', headline: 'Content marketing and SEO lead', position: 'Content Lead', company: 'Cordillera Software', city: 'Santiago', country: 'Chile', languages: ['es', 'en', 'pt'], expYears: 7, rating: 4.7, reviews: 36,
      bio: 'I grew organic traffic for software companies with content and SEO. I teach keyword research, content strategy and writing that ranks and converts.',
      expertises: ['SEO', 'Content Marketing', 'Copywriting'],
      workExperience: [
        { position: 'Content Lead', company: 'Cordillera Software', location: 'Santiago', startDate: '04/2021', endDate: 'Present', description: 'Own the blog, guides and SEO of a B2B software company; organic sign-ups grew fourfold in two years.' },
        { position: 'SEO Specialist', company: 'Pacífico Media', location: 'Valparaíso', startDate: '03/2017', endDate: '03/2021', description: 'Ran technical audits and content plans for media and travel websites in Spanish and Portuguese.' },
      ],
      education: [{ institution: 'Pontificia Universidad Católica de Chile', level: "Bachelor's", degree: 'BA', field: 'Journalism', year: 2016 }],
    },
    portrait: { skin: 'medium', hair: 'curly', hairColour: 'dark brown' },
    offers: [
      { title: 'SEO audit of your website', description: 'A written SEO audit of your site: technical issues, keywords you could win and the pages to write or fix first.', price: 150, lessonType: 'Document', pricingType: 'fixed' },
      { title: 'Content strategy coaching', description: 'Define topics, formats and a realistic publishing calendar for your blog or newsletter, one session at a time.', price: 50, lessonType: 'Video Call', pricingType: 'hourly' },
      { title: 'Copywriting feedback session', description: 'Bring a landing page, an e-mail or an article; we rewrite it together and you learn the patterns behind each change.', price: 45, lessonType: 'Video Call', pricingType: 'hourly' },
    ],
  },
  {
    profile: {
      email: 'ethan.brooks@demo.test', firstName: 'Ethan', lastName: 'Brooks', domainActivity: 'Marketing', headline: 'Product marketing lead for SaaS', position: 'Product Marketing Lead', company: 'Cloudberry Analytics', city: 'San Francisco', country: 'United States', languages: ['en', 'es'], expYears: 9, rating: 4.5, reviews: 21,
      bio: 'I position and launch software products: messaging, pricing pages, sales enablement. I help people move into product marketing from sales, product or consulting.',
      expertises: ['Product Marketing', 'Positioning', 'Go-to-market'],
      workExperience: [
        { position: 'Product Marketing Lead', company: 'Cloudberry Analytics', location: 'San Francisco', startDate: '05/2020', endDate: 'Present', description: 'Lead positioning, launches and competitive intelligence for a data analytics platform sold to mid-market companies.' },
        { position: 'Product Marketing Manager', company: 'Bayline CRM', location: 'Oakland', startDate: '08/2015', endDate: '04/2020', description: 'Launched four products, wrote the sales playbooks and ran win-loss interviews with customers.' },
      ],
      education: [{ institution: 'University of California, Berkeley', level: "Bachelor's", degree: 'BA', field: 'Cognitive Science', year: 2015 }],
    },
    portrait: { skin: 'light', hair: 'short', hairColour: 'blond' },
    offers: [
      { title: 'Positioning workshop for your product', description: 'Find the customer, the alternative and the value that set your product apart, and turn them into a home page message.', price: 140, lessonType: 'Video Call', pricingType: 'fixed' },
      { title: 'Getting into product marketing', description: 'A call on the product marketing role, the take-home exercises companies give and how to show your potential.', price: 45, lessonType: 'Phone Call', pricingType: 'fixed' },
      { title: 'Go-to-market plan feedback', description: 'Written feedback on your go-to-market plan: target segment, channels, pricing and launch milestones.', price: 90, lessonType: 'Document', pricingType: 'fixed' },
    ],
    pendingOffers: [
      { title: 'Pricing page teardown', description: 'A recorded teardown of your pricing page with a written list of changes to tiers, wording and layout that make the choice easier.', price: 75, lessonType: 'Document', pricingType: 'fixed' },
    ],
  },
  {
    profile: {
      email: 'jiwoo.park@demo.test', firstName: 'Ji-woo', lastName: 'Park', domainActivity: 'Marketing', headline: 'CRM and lifecycle marketing manager', position: 'CRM Manager', company: 'Hangang Beauty', city: 'Seoul', country: 'South Korea', languages: ['ko', 'en'], expYears: 6, rating: 4.6, reviews: 18,
      bio: 'I run e-mail, app push and loyalty programmes for a beauty brand. I teach segmentation, automation and the experiments that keep customers coming back.',
      expertises: ['CRM', 'E-mail Marketing', 'Marketing Automation'],
      workExperience: [
        { position: 'CRM Manager', company: 'Hangang Beauty', location: 'Seoul', startDate: '03/2021', endDate: 'Present', description: 'Run lifecycle campaigns and the loyalty programme for two million members across e-mail, app and messaging.' },
        { position: 'Marketing Associate', company: 'Gangnam Retail Group', location: 'Seoul', startDate: '01/2018', endDate: '02/2021', description: 'Managed newsletters and seasonal promotions and analysed their results for department store brands.' },
      ],
      education: [{ institution: 'Yonsei University', level: "Bachelor's", degree: 'BBA', field: 'Business Administration', year: 2017 }],
    },
    portrait: { skin: 'light', hair: 'bob', hairColour: 'black', glasses: true },
    offers: [
      { title: 'E-mail automation from scratch', description: 'Welcome series, abandoned cart, win-back: design the automated flows your business needs and the messages in each.', price: 50, lessonType: 'Video Call', pricingType: 'hourly' },
      { title: 'Newsletter review and rewrite', description: 'Send three recent newsletters; get a written review of subject lines, structure and calls to action, with one rewritten.', price: 60, lessonType: 'Document', pricingType: 'fixed' },
    ],
  },
  {
    profile: {
      email: 'wanjiru.kamau@demo.test', firstName: 'Wanjiru', lastName: 'Kamau', domainActivity: 'Marketing', headline: 'Digital marketing for social enterprises', position: 'Marketing Director', company: 'Savanna Impact Hub', city: 'Nairobi', country: 'Kenya', languages: ['en', 'sw'], expYears: 11, rating: 4.9, reviews: 58,
      bio: 'I lead marketing for social enterprises and non-profits in East Africa, on small budgets and mobile-first channels. I mentor young marketers starting their careers.',
      expertises: ['Digital Marketing', 'Social Media', 'Project Management'],
      workExperience: [
        { position: 'Marketing Director', company: 'Savanna Impact Hub', location: 'Nairobi', startDate: '07/2018', endDate: 'Present', description: 'Lead campaigns and partnerships for a network of forty social enterprises, from solar energy to education.' },
        { position: 'Communications Officer', company: 'Rift Valley Health Trust', location: 'Nakuru', startDate: '02/2013', endDate: '06/2018', description: 'Ran radio, SMS and social media campaigns for public health programmes reaching rural communities.' },
      ],
      education: [{ institution: 'University of Nairobi', level: "Bachelor's", degree: 'BA', field: 'Communication', year: 2012 }],
    },
    portrait: { skin: 'deep', hair: 'bun', hairColour: 'black' },
    offers: [
      { title: 'Marketing on a small budget', description: 'Plan three months of marketing with what you have: the channels that matter for your audience and how to measure them.', price: 40, lessonType: 'Video Call', pricingType: 'hourly' },
      { title: 'Social media plan review', description: 'Send your social media plan or last month’s posts; receive written feedback and a content calendar for the next four weeks.', price: 55, lessonType: 'Document', pricingType: 'fixed' },
      { title: 'First marketing job mentoring', description: 'A call for young marketers: choosing a first role, building a portfolio and growing in the first year.', price: 30, lessonType: 'Phone Call', pricingType: 'hourly' },
    ],
  },
  {
    profile: {
      email: 'lucia.navarro@demo.test', firstName: 'Lucía', lastName: 'Navarro', domainActivity: 'Marketing', headline: 'Marketing analytics and data analysis lead', position: 'Marketing Analytics Lead', company: 'Retiro Retail', city: 'Madrid', country: 'Spain', languages: ['es', 'en', 'ca'], expYears: 8, rating: 4.7, reviews: 27,
      bio: 'I turn marketing data into decisions: attribution, customer segments, campaign tests. I teach marketers the data analysis they need, from spreadsheets to SQL.',
      expertises: ['Data Analysis', 'Marketing Analytics', 'SQL'],
      workExperience: [
        { position: 'Marketing Analytics Lead', company: 'Retiro Retail', location: 'Madrid', startDate: '02/2020', endDate: 'Present', description: 'Lead the analytics of a fashion retailer’s marketing: media mix, customer segments and test design.' },
        { position: 'Data Analyst', company: 'Castellana Insights', location: 'Madrid', startDate: '09/2016', endDate: '01/2020', description: 'Built dashboards and customer analyses for telecom and retail clients of a market research agency.' },
      ],
      education: [{ institution: 'Universidad Carlos III de Madrid', level: "Master's", degree: 'MSc', field: 'Statistics', year: 2016 }],
    },
    portrait: { skin: 'fair', hair: 'bob', hairColour: 'brown', glasses: true },
    offers: [
      { title: 'SQL for marketers', description: 'Learn to query your own customer and campaign data with SQL, on a real dataset, from the first SELECT to cohort analysis.', price: 45, lessonType: 'Video Call', pricingType: 'hourly' },
      { title: 'Marketing dashboard review', description: 'Send screenshots or access to your dashboard; get a written review of the metrics, the charts and what is missing.', price: 70, lessonType: 'Document', pricingType: 'fixed' },
      { title: 'A/B test design and reading', description: 'Design a campaign or landing page test that can give a clear answer, then learn to read the results and avoid the usual traps.', price: 50, lessonType: 'Video Call', pricingType: 'hourly' },
    ],
  },
  {
    profile: {
      email: 'aroha.williams@demo.test', firstName: 'Aroha', lastName: 'Williams', domainActivity: 'Marketing', headline: 'Brand copywriter and storyteller', position: 'Creative Director', company: 'Tui Creative', city: 'Auckland', country: 'New Zealand', languages: ['en', 'mi'], expYears: 12, rating: 4.8, reviews: 39,
      bio: 'Creative director and copywriter for tourism, food and outdoor brands. I help people find their brand voice and write words that sound like them.',
      expertises: ['Copywriting', 'Brand Voice', 'Creative Direction'],
      workExperience: [
        { position: 'Creative Director', company: 'Tui Creative', location: 'Auckland', startDate: '10/2017', endDate: 'Present', description: 'Lead a small agency writing brand platforms, campaigns and packaging copy for New Zealand and Australian brands.' },
        { position: 'Senior Copywriter', company: 'Harbourside Advertising', location: 'Wellington', startDate: '01/2012', endDate: '09/2017', description: 'Wrote television, radio and outdoor campaigns for tourism and public service clients.' },
      ],
      education: [{ institution: 'University of Auckland', level: "Bachelor's", degree: 'BA', field: 'English and Media', year: 2011 }],
    },
    portrait: { skin: 'medium', hair: 'long', hairColour: 'black' },
    offers: [
      { title: 'Find your brand voice', description: 'A working session to define how your brand sounds, with do and do not examples you can hand to anyone who writes for you.', price: 110, lessonType: 'Video Call', pricingType: 'fixed' },
      { title: 'Website copy rewrite', description: 'Send your home page and about page; I rewrite them in your brand voice and explain each change in the margin.', price: 75, lessonType: 'Document', pricingType: 'hourly' },
    ],
  },
  {
    profile: {
      email: 'felix.wagner@demo.test', firstName: 'Felix', lastName: 'Wagner', domainActivity: 'Marketing', headline: 'B2B growth marketer, demand generation', position: 'VP Marketing', company: 'Spreewerk Software', city: 'Berlin', country: 'Germany', languages: ['de', 'en'], expYears: 13, rating: 4.6, reviews: 31,
      bio: 'I build demand generation engines for B2B software: campaigns, marketing automation, alignment with sales. I coach marketers stepping into their first leadership role.',
      expertises: ['Growth', 'Demand Generation', 'Marketing Automation'],
      workExperience: [
        { position: 'VP Marketing', company: 'Spreewerk Software', location: 'Berlin', startDate: '04/2019', endDate: 'Present', description: 'Lead a marketing team of fifteen; built the demand generation programme that doubled qualified pipeline.' },
        { position: 'Growth Manager', company: 'Kreuzberg Labs', location: 'Berlin', startDate: '05/2013', endDate: '03/2019', description: 'Ran paid acquisition, webinars and lead scoring for a developer tools company from seed to series B.' },
      ],
      education: [{ institution: 'Humboldt-Universität zu Berlin', level: "Master's", degree: 'MSc', field: 'Economics', year: 2012 }],
    },
    portrait: { skin: 'light', hair: 'short', hairColour: 'dark brown', glasses: true, beard: true },
    offers: [
      { title: 'B2B demand generation plan', description: 'Build a quarter’s demand generation plan with me: target accounts, offers, channels, budget and the metrics shared with sales.', price: 85, lessonType: 'Video Call', pricingType: 'hourly' },
      { title: 'First-time marketing manager', description: 'Coaching for new marketing managers: hiring, priorities, reporting to leadership and running a team week to week.', price: 70, lessonType: 'Video Call', pricingType: 'hourly' },
    ],
  },
  {
    profile: {
      email: 'layla.nasser@demo.test', firstName: 'Layla', lastName: 'Nasser', domainActivity: 'Marketing', headline: 'Events and influencer marketing manager', position: 'Events and Partnerships Manager', company: 'Gulf Hospitality Collective', city: 'Dubai', country: 'United Arab Emirates', languages: ['ar', 'en', 'fr'], expYears: 5, rating: 4.3, reviews: 7, isVerified: false,
      bio: 'I plan launch events and creator partnerships for hotels and restaurants in the Gulf. I share how to brief creators, measure results and keep events on budget.',
      expertises: ['Event Marketing', 'Influencer Marketing', 'Partnerships'],
      workExperience: [
        { position: 'Events and Partnerships Manager', company: 'Gulf Hospitality Collective', location: 'Dubai', startDate: '01/2022', endDate: 'Present', description: 'Plan openings, seasonal events and creator campaigns for twelve hotels and restaurants across the region.' },
        { position: 'Marketing Coordinator', company: 'Corniche Events', location: 'Abu Dhabi', startDate: '09/2019', endDate: '12/2021', description: 'Coordinated suppliers, guest lists and press for corporate and cultural events of up to two thousand guests.' },
      ],
      education: [{ institution: 'American University of Sharjah', level: "Bachelor's", degree: 'BSc', field: 'Marketing', year: 2019 }],
    },
    portrait: { skin: 'olive', hair: 'long', hairColour: 'black' },
    offers: [
      { title: 'Influencer campaign brief review', description: 'Send your creator brief and budget; get written feedback on goals, deliverables, fees and how to measure the campaign.', price: 50, lessonType: 'Document', pricingType: 'fixed' },
      { title: 'Plan a launch event', description: 'We plan your launch event together: concept, guest list, suppliers, timeline and budget, with a checklist to keep.', price: 45, lessonType: 'Video Call', pricingType: 'hourly' },
    ],
  },

  // Consulting ------------------------------------------------------------------------------------
  {
    profile: {
      email: 'oliver.grant@demo.test', firstName: 'Oliver', lastName: 'Grant', domainActivity: 'Consulting', headline: 'Operations consultant, lean and project management', position: 'Associate Partner', company: 'Whitmore Operations Advisory', city: 'London', country: 'United Kingdom', languages: ['en', 'fr'], expYears: 19, rating: 4.8, reviews: 63,
      bio: 'Nineteen years improving operations in manufacturing, logistics and hospitals. I teach project management and lean methods that work outside the textbook.',
      expertises: ['Project Management', 'Lean', 'Operations'],
      workExperience: [
        { position: 'Associate Partner', company: 'Whitmore Operations Advisory', location: 'London', startDate: '01/2016', endDate: 'Present', description: 'Lead operations transformations for hospitals and manufacturers, from diagnostic to delivery on the shop floor.' },
        { position: 'Operations Manager', company: 'Thames Valley Logistics', location: 'Reading', startDate: '09/2006', endDate: '12/2015', description: 'Ran two distribution centres with four hundred staff and led the move to a new warehouse system.' },
      ],
      education: [
        { institution: 'University of Warwick', level: "Bachelor's", degree: 'BEng', field: 'Manufacturing Engineering', year: 2005 },
        { institution: 'London Business School', level: "Master's", degree: 'MBA', field: 'Business Administration', year: 2014 },
      ],
    },
    portrait: { skin: 'light', hair: 'short', hairColour: 'grey' },
    offers: [
      { title: 'Project management fundamentals', description: 'Scope, plan, risks and stakeholders: run your project with simple tools, with exercises on the project you are working on.', price: 65, lessonType: 'Video Call', pricingType: 'hourly' },
      { title: 'Lean process diagnostic', description: 'Describe a process that frustrates you; I send back a written diagnostic with the waste I see and the first improvements to try.', price: 140, lessonType: 'Document', pricingType: 'fixed' },
      { title: 'Operations consulting career call', description: 'A call on operations consulting: the work, the hours, the interviews and the exits, from someone who hires for it.', price: 45, lessonType: 'Phone Call', pricingType: 'fixed' },
    ],
  },
  {
    profile: {
      email: 'isabela.rocha@demo.test', firstName: 'Isabela', lastName: 'Rocha', domainActivity: 'Consulting', headline: 'Strategy consultant and case interview coach', position: 'Engagement Manager', company: 'Guanabara Strategy Group', city: 'Rio de Janeiro', country: 'Brazil', languages: ['pt', 'en', 'es'], expYears: 7, rating: 4.9, reviews: 74,
      bio: 'Engagement manager in strategy consulting and interviewer for our recruiting. I have coached over a hundred candidates through case interviews in English, Portuguese and Spanish.',
      expertises: ['Consulting', 'Case Interviews', 'Strategy'],
      workExperience: [
        { position: 'Engagement Manager', company: 'Guanabara Strategy Group', location: 'Rio de Janeiro', startDate: '01/2022', endDate: 'Present', description: 'Lead strategy projects for energy, retail and banking clients and interview candidates for the firm.' },
        { position: 'Consultant', company: 'Guanabara Strategy Group', location: 'São Paulo', startDate: '02/2018', endDate: '12/2021', description: 'Worked on market entry, pricing and cost reduction projects across Latin America.' },
      ],
      education: [{ institution: 'Fundação Getulio Vargas', level: "Bachelor's", degree: 'BA', field: 'Business Administration', year: 2017 }],
    },
    portrait: { skin: 'medium', hair: 'curly', hairColour: 'brown' },
    offers: [
      { title: 'Case interview coaching', description: 'A full case interview in real conditions, then detailed feedback on structure, maths, synthesis and communication.', price: 70, lessonType: 'Video Call', pricingType: 'hourly' },
      { title: 'Consulting application pack', description: 'Your CV and cover letter for consulting firms reviewed and rewritten, with the stories to prepare for the fit interview.', price: 90, lessonType: 'Document', pricingType: 'fixed' },
      { title: 'Market sizing drills', description: 'Ten market sizing questions in one session, at interview pace, to make your estimates fast, structured and calm.', price: 55, lessonType: 'Video Call', pricingType: 'fixed' },
    ],
  },
  {
    profile: {
      email: 'vikram.iyer@demo.test', firstName: 'Vikram', lastName: 'Iyer', domainActivity: 'Consulting', headline: 'Technology consultant, former software developer', position: 'Principal Consultant', company: 'Deccan Digital Advisory', city: 'Hyderabad', country: 'India', languages: ['en', 'hi', 'te'], expYears: 14, rating: 4.7, reviews: 49,
      bio: 'Developer for six years, then technology consultant. I help companies choose and deliver software projects, and help developers move into consulting and architecture roles.',
      expertises: ['Technology Consulting', 'Developer', 'Cloud Architecture'],
      workExperience: [
        { position: 'Principal Consultant', company: 'Deccan Digital Advisory', location: 'Hyderabad', startDate: '06/2017', endDate: 'Present', description: 'Lead cloud migration and software selection projects for banks and insurers, from business case to go-live.' },
        { position: 'Senior Software Developer', company: 'Charminar Systems', location: 'Hyderabad', startDate: '07/2011', endDate: '05/2017', description: 'Built payment and policy administration software in Java and led a team of six developers.' },
      ],
      education: [{ institution: 'Indian Institute of Technology Madras', level: "Bachelor's", degree: 'BTech', field: 'Computer Science', year: 2011 }],
    },
    portrait: { skin: 'brown', hair: 'short', hairColour: 'black', glasses: true },
    offers: [
      { title: 'From developer to tech consultant', description: 'Sessions for developers who want to move into consulting or architecture: skills to build, how to talk to business and interviews.', price: 55, lessonType: 'Video Call', pricingType: 'hourly' },
      { title: 'Software selection checklist', description: 'A written review of your requirements and shortlist for a new software system, with the questions to ask each vendor.', price: 120, lessonType: 'Document', pricingType: 'fixed' },
      { title: 'Cloud migration strategy session', description: 'Map your applications, pick the migration approach for each and estimate effort and risks, in one working session.', price: 150, lessonType: 'Video Call', pricingType: 'fixed' },
    ],
    pendingOffers: [
      { title: 'System design interview practice', description: 'A system design interview as asked for senior developer and architect roles, followed by feedback on trade-offs and communication.', price: 80, lessonType: 'Video Call', pricingType: 'hourly' },
    ],
  },
  {
    profile: {
      email: 'chinedu.eze@demo.test', firstName: 'Chinedu', lastName: 'Eze', domainActivity: 'Consulting', headline: 'Infrastructure consultant with a civil engineering background', position: 'Director, Infrastructure Advisory', company: 'Niger Delta Projects Advisory', city: 'Abuja', country: 'Nigeria', languages: ['en', 'ig'], expYears: 17, rating: 4.6, reviews: 22,
      bio: 'Civil engineer turned infrastructure adviser. I prepare and review roads, water and energy projects for governments and investors, and mentor engineers moving into project finance and consulting.',
      expertises: ['Civil Engineering', 'Infrastructure', 'Project Management'],
      workExperience: [
        { position: 'Director, Infrastructure Advisory', company: 'Niger Delta Projects Advisory', location: 'Abuja', startDate: '03/2016', endDate: 'Present', description: 'Lead feasibility studies and public-private partnership structuring for roads, water and power projects.' },
        { position: 'Site and Project Engineer', company: 'Benue Civil Works', location: 'Makurdi', startDate: '08/2007', endDate: '02/2016', description: 'Managed the construction of bridges and highways, from design reviews to handover, with teams of up to three hundred.' },
      ],
      education: [
        { institution: 'University of Nigeria, Nsukka', level: "Bachelor's", degree: 'BEng', field: 'Civil Engineering', year: 2006 },
        { institution: 'University of Leeds', level: "Master's", degree: 'MSc', field: 'Infrastructure Engineering', year: 2012 },
      ],
    },
    portrait: { skin: 'deep', hair: 'bald', hairColour: 'black', beard: true },
    offers: [
      { title: 'Civil engineering career mentoring', description: 'Sessions for young civil engineers: site versus design, professional registration, and moving into project management or consulting.', price: 35, lessonType: 'Video Call', pricingType: 'hourly' },
      { title: 'Feasibility study review', description: 'Send your infrastructure feasibility study; receive a written review of demand, costs, risks and the financing assumptions.', price: 180, lessonType: 'Document', pricingType: 'fixed' },
      { title: 'Infrastructure project finance basics', description: 'How roads, water and power projects are financed: public budgets, concessions, public-private partnerships and lenders, explained by phone.', price: 50, lessonType: 'Phone Call', pricingType: 'hourly' },
    ],
  },
  {
    profile: {
      email: 'grace.whitaker@demo.test', firstName: 'Grace', lastName: 'Whitaker', domainActivity: 'Consulting', headline: 'Management consultant and MBA admissions coach', position: 'Senior Manager', company: 'Hudson Lane Consulting', city: 'New York', country: 'United States', languages: ['en', 'es'], expYears: 11, rating: 4.8, reviews: 55,
      bio: 'Management consultant in healthcare and retail, and a former MBA admissions reader. I coach candidates on applications, essays and interviews for business schools and consulting firms.',
      expertises: ['Management Consulting', 'MBA Admissions', 'Interview Coaching'],
      workExperience: [
        { position: 'Senior Manager', company: 'Hudson Lane Consulting', location: 'New York', startDate: '09/2019', endDate: 'Present', description: 'Lead growth strategy and operating model projects for healthcare providers and retailers.' },
        { position: 'Admissions Reader (part-time)', company: 'Morningside School of Business', location: 'New York', startDate: '09/2016', endDate: '06/2019', description: 'Read and scored several hundred MBA applications a year and interviewed shortlisted candidates.' },
      ],
      education: [{ institution: 'Columbia University', level: "Master's", degree: 'MBA', field: 'Strategy', year: 2016 }],
    },
    portrait: { skin: 'fair', hair: 'bob', hairColour: 'auburn' },
    offers: [
      { title: 'MBA essay review', description: 'Send your MBA essays; receive line-by-line comments and a summary of what your application says and what it still lacks.', price: 150, lessonType: 'Document', pricingType: 'fixed' },
      { title: 'MBA interview mock', description: 'A mock admissions interview as the schools run them, then feedback on your stories, your goals and your questions.', price: 90, lessonType: 'Video Call', pricingType: 'fixed' },
      { title: 'Consulting fit interview prep', description: 'Prepare the behavioural part of consulting interviews: leadership, teamwork and failure stories told concisely.', price: 60, lessonType: 'Video Call', pricingType: 'hourly' },
    ],
  },
  {
    profile: {
      email: 'sebastian.ortiz@demo.test', firstName: 'Sebastián', lastName: 'Ortiz', domainActivity: 'Consulting', headline: 'Supply chain consultant for mining and retail', position: 'Supply Chain Consultant', company: 'Cordillera Supply Partners', city: 'Lima', country: 'Peru', languages: ['es', 'en', 'qu'], expYears: 10, rating: 4.5, reviews: 16,
      bio: 'I redesign supply chains for mining companies and retailers: inventory, transport and planning. I coach engineers and students interested in supply chain careers.',
      expertises: ['Supply Chain', 'Inventory Planning', 'Data Analysis'],
      workExperience: [
        { position: 'Supply Chain Consultant', company: 'Cordillera Supply Partners', location: 'Lima', startDate: '02/2019', endDate: 'Present', description: 'Redesign inventory policies and distribution networks for mining operations and national retail chains.' },
        { position: 'Planning Analyst', company: 'Minera del Sur', location: 'Arequipa', startDate: '01/2014', endDate: '01/2019', description: 'Planned spare parts and consumables for a copper mine and cut stock-outs of critical parts by half.' },
      ],
      education: [{ institution: 'Pontificia Universidad Católica del Perú', level: "Bachelor's", degree: 'BEng', field: 'Industrial Engineering', year: 2013 }],
    },
    portrait: { skin: 'medium', hair: 'short', hairColour: 'black', beard: true },
    offers: [
      { title: 'Inventory planning in Excel', description: 'Safety stock, reorder points and ABC analysis built in Excel on your own data or on a realistic case.', price: 45, lessonType: 'Video Call', pricingType: 'hourly' },
      { title: 'Supply chain careers call', description: 'A call on supply chain jobs in industry and consulting, the certifications that help and how to get a first role.', price: 30, lessonType: 'Phone Call', pricingType: 'hourly' },
    ],
  },
  {
    profile: {
      email: 'anika.jansen@demo.test', firstName: 'Anika', lastName: 'Jansen', domainActivity: 'Consulting', headline: 'Change management and HR consultant', position: 'Senior HR Consultant', company: 'Grachten People Advisory', city: 'Amsterdam', country: 'Netherlands', languages: ['nl', 'en', 'de'], expYears: 12, rating: 4.7, reviews: 34,
      bio: 'I help organisations through reorganisations, mergers and new ways of working. As an HR consultant I also coach managers on difficult conversations and team changes.',
      expertises: ['HR consultant', 'Change Management', 'Leadership'],
      workExperience: [
        { position: 'Senior HR Consultant', company: 'Grachten People Advisory', location: 'Amsterdam', startDate: '05/2017', endDate: 'Present', description: 'Lead change and organisation design projects for public sector bodies, insurers and technology firms.' },
        { position: 'HR Business Partner', company: 'Zuidas Insurance', location: 'Amsterdam', startDate: '09/2011', endDate: '04/2017', description: 'Supported three business units through a merger: role mapping, consultations with the works council and training.' },
      ],
      education: [{ institution: 'Universiteit van Amsterdam', level: "Master's", degree: 'MSc', field: 'Organisational Psychology', year: 2011 }],
    },
    portrait: { skin: 'light', hair: 'long', hairColour: 'blond', glasses: true },
    offers: [
      { title: 'Leading your team through change', description: 'Coaching for managers facing a reorganisation: how to announce it, handle resistance and keep the team working.', price: 75, lessonType: 'Video Call', pricingType: 'hourly' },
      { title: 'Change plan review', description: 'Send your change or communication plan; receive written feedback on stakeholders, messages, timing and risks.', price: 110, lessonType: 'Document', pricingType: 'fixed' },
      { title: 'Difficult conversation rehearsal', description: 'Rehearse a difficult conversation with an employee or your manager, then review what worked and what to change.', price: 60, lessonType: 'Phone Call', pricingType: 'hourly' },
    ],
  },
  {
    profile: {
      email: 'kelvin.chan@demo.test', firstName: 'Kelvin', lastName: 'Chan', domainActivity: 'Consulting', headline: 'Digital transformation and data consultant', position: 'Data Strategy Manager', company: 'Victoria Harbour Consulting', city: 'Hong Kong', country: 'Hong Kong', languages: ['zh', 'en'], expYears: 8, rating: 4.6, reviews: 24,
      bio: 'I help banks and retailers use their data: strategy, dashboards and the first machine learning use cases. I coach analysts moving into data consulting.',
      expertises: ['Data Analysis', 'Digital Transformation', 'Data Strategy'],
      workExperience: [
        { position: 'Data Strategy Manager', company: 'Victoria Harbour Consulting', location: 'Hong Kong', startDate: '08/2020', endDate: 'Present', description: 'Define data strategies and deliver analytics projects for banks, insurers and retail groups in Asia.' },
        { position: 'Business Intelligence Analyst', company: 'Kowloon Retail Holdings', location: 'Hong Kong', startDate: '07/2016', endDate: '07/2020', description: 'Built sales and inventory dashboards used by two hundred store managers and the executive team.' },
      ],
      education: [{ institution: 'The University of Hong Kong', level: "Bachelor's", degree: 'BSc', field: 'Statistics', year: 2016 }],
    },
    portrait: { skin: 'light', hair: 'short', hairColour: 'black' },
    offers: [
      { title: 'Data analysis case practice', description: 'Solve a business case with data in a live session: framing the question, the analysis in a spreadsheet and the recommendation.', price: 55, lessonType: 'Video Call', pricingType: 'hourly' },
      { title: 'Dashboard design review', description: 'A written review of your dashboard: the questions it should answer, chart choices, layout and the metrics to drop.', price: 60, lessonType: 'Document', pricingType: 'hourly' },
    ],
  },
  {
    profile: {
      email: 'salma.idrissi@demo.test', firstName: 'Salma', lastName: 'Idrissi', domainActivity: 'Consulting', headline: 'Sustainability strategy consultant', position: 'Sustainability Manager', company: 'Saint-Laurent Advisory', city: 'Montreal', country: 'Canada', languages: ['fr', 'en', 'ar'], expYears: 9, rating: 4.7, reviews: 28,
      bio: 'I build climate and sustainability strategies for manufacturers and food companies. I coach students and professionals who want to work in sustainability consulting.',
      expertises: ['Sustainability', 'Strategy', 'Carbon Accounting'],
      workExperience: [
        { position: 'Sustainability Manager', company: 'Saint-Laurent Advisory', location: 'Montreal', startDate: '01/2020', endDate: 'Present', description: 'Lead carbon footprint, decarbonisation roadmap and reporting projects for manufacturers and food producers.' },
        { position: 'Environmental Analyst', company: 'Boréal Énergie', location: 'Quebec City', startDate: '06/2015', endDate: '12/2019', description: 'Measured emissions of power plants and prepared environmental impact reports for new projects.' },
      ],
      education: [{ institution: 'McGill University', level: "Master's", degree: 'MSc', field: 'Environmental Management', year: 2015 }],
    },
    portrait: { skin: 'olive', hair: 'bun', hairColour: 'dark brown' },
    offers: [
      { title: 'Carbon footprint basics', description: 'Scopes 1, 2 and 3 explained, then a first carbon footprint of a small company built together in a spreadsheet.', price: 60, lessonType: 'Video Call', pricingType: 'hourly' },
      { title: 'Sustainability consulting careers', description: 'A call on sustainability consulting roles, the skills firms want and how to move in from engineering, finance or policy.', price: 35, lessonType: 'Phone Call', pricingType: 'fixed' },
    ],
  },
  {
    profile: {
      email: 'ryan.mitchell@demo.test', firstName: 'Ryan', lastName: 'Mitchell', domainActivity: 'Consulting', headline: 'Independent consultant, starting and pricing a practice', position: 'Independent Consultant', company: 'Mitchell Advisory', city: 'Brisbane', country: 'Australia', languages: ['en'], expYears: 15, rating: 4.4, reviews: 6, isVerified: false,
      bio: 'After ten years in a large firm I went independent. I help consultants and freelancers set up, price their work, write proposals and find their first clients.',
      expertises: ['Independent Consulting', 'Pricing', 'Proposals'],
      workExperience: [
        { position: 'Independent Consultant', company: 'Mitchell Advisory', location: 'Brisbane', startDate: '07/2019', endDate: 'Present', description: 'Advise mid-sized companies on strategy and operations and mentor consultants starting their own practice.' },
        { position: 'Manager', company: 'Southbank Consulting', location: 'Brisbane', startDate: '02/2010', endDate: '06/2019', description: 'Managed strategy and operations projects for mining services, utilities and government clients.' },
      ],
      education: [{ institution: 'University of Queensland', level: "Bachelor's", degree: 'BCom', field: 'Management', year: 2009 }],
    },
    portrait: { skin: 'fair', hair: 'short', hairColour: 'brown', beard: true },
    offers: [
      { title: 'Price your consulting work', description: 'Day rates, fixed fees or retainers: choose how to price your services and compute numbers you can defend to a client.', price: 70, lessonType: 'Video Call', pricingType: 'fixed' },
      { title: 'Consulting proposal review', description: 'Send a proposal before it goes out; get it back with comments on scope, structure, fees and the wording of deliverables.', price: 85, lessonType: 'Document', pricingType: 'fixed' },
    ],
  },
];
