/**
 * A generated catalogue for benchmarks: experts (active, verified, bookable, with a full profile)
 * and their published offers, with texts built from per-area word lists (catalogue-vocabulary.ts)
 * so that searches meet realistic prefixes. The same seed gives the same catalogue. Written with
 * BatchWriteItem through the product's item mappers (toAccountItem, toEmailClaimItem, memberWordItems, toOfferItem),
 * so the items are those the product writes.
 *
 *   npx tsx scripts/generate-catalogue.ts --experts 10000 --offers 50000 [--seed 1]
 *     [--endpoint http://127.0.0.1:8000] [--table marketplace]
 *
 * The endpoint and table default to DYNAMODB_ENDPOINT and TABLE_NAME; the credentials to the
 * local stack's (DynamoDB Local keeps one database per access key and region). The table is
 * created if it is missing. Generated experts have no password: they cannot log in.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { toAccountItem, toEmailClaimItem } from '../functions/contexts/accounts/account';
import { type OfferRecord, toOfferItem } from '../functions/contexts/catalogue/offer';
import type { AccountRecord } from '../functions/contexts/accounts/account';
import { memberWordItems } from '../functions/contexts/accounts/member-index';
import { LIMITS } from '../shared/limits';
import { LESSON_TYPES, PRICING_TYPES } from '../shared/schemas/offers';
import {
  AREA_VOCABULARY,
  AREAS,
  type Area,
  type AreaVocabulary,
  CITIES,
  DEGREES,
  FIRM_NAMES,
  FIRST_NAMES,
  LAST_NAMES,
  UNIVERSITIES,
} from './catalogue-vocabulary';
import { ensureTable, LOCAL_CREDENTIALS } from './local/dynamodb';
import { centsFromEuros } from '../shared/money';

export interface CatalogueSize {
  experts: number;
  offers: number;
  /** Same seed, same catalogue. */
  seed?: number;
  /** The end of the period over which experts joined and offers were published (two years). Fixed by default, for the same output at every run. */
  now?: Date;
}

export interface GeneratedCatalogue {
  experts: AccountRecord[];
  offers: OfferRecord[];
}

/** Not a scrypt hash: no password verifies against it. */
const NO_PASSWORD = 'none';
const DEFAULT_NOW = new Date('2026-11-01T00:00:00.000Z');
const YEAR_MS = 365 * 24 * 3_600_000;

export function generateCatalogue({ experts: expertCount, offers: offerCount, seed = 1, now = DEFAULT_NOW }: CatalogueSize): GeneratedCatalogue {
  const draw = drawer(seed);
  const experts = Array.from({ length: expertCount }, (_, at) => generateExpert(draw, at, now.getTime()));
  const offers = Array.from({ length: offerCount }, (_, at) => {
    // Every expert has an offer when there are enough; beyond that a few experts hold many, as in a real marketplace.
    const expert = at < expertCount ? experts[at] : experts[Math.floor(draw.number() ** 2 * expertCount)];
    return generateOffer(draw, expert, now.getTime());
  });
  return { experts, offers };
}

// Drawing ---------------------------------------------------------------------------------------

interface Draw {
  number(): number;
  int(min: number, max: number): number;
  pick<T>(list: readonly T[]): T;
  /** `count` different items of the list. */
  some<T>(list: readonly T[], count: number): T[];
  id(): string;
}

/** mulberry32: small, fast and good enough for test data. */
function drawer(seed: number): Draw {
  let state = seed | 0;
  const number = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(number() * (max - min + 1));
  const pick = <T>(list: readonly T[]) => list[Math.floor(number() * list.length)];
  const some = <T>(list: readonly T[], count: number) => {
    const chosen = new Set<T>();
    while (chosen.size < Math.min(count, list.length)) chosen.add(pick(list));
    return [...chosen];
  };
  const hex = (length: number) => Array.from({ length }, () => Math.floor(number() * 16).toString(16)).join('');
  // A UUID v4 in form, like the product's ids.
  const id = () => `${hex(8)}-${hex(4)}-4${hex(3)}-${'89ab'[Math.floor(number() * 4)]}${hex(3)}-${hex(12)}`;
  return { number, int, pick, some, id };
}

// Experts ---------------------------------------------------------------------------------------

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const asciiOf = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();
const monthYear = (year: number, month: number) => `${String(month).padStart(2, '0')}/${year}`;

function generateExpert(draw: Draw, at: number, now: number): AccountRecord {
  const area = AREAS[at % AREAS.length];
  const words = AREA_VOCABULARY[area];
  const firstName = draw.pick(FIRST_NAMES);
  const lastName = draw.pick(LAST_NAMES);
  const place = draw.pick(CITIES);
  const topics = draw.some(words.topics, 4);
  const position = draw.pick(words.positions);
  const company = `${draw.pick(FIRM_NAMES)} ${draw.pick(words.firmKinds)}`;
  const expYears = draw.int(2, 30);
  const thisYear = new Date(now).getUTCFullYear();
  const currentSince = { year: thisYear - draw.int(1, Math.min(8, expYears)), month: draw.int(1, 12) };
  // Ratings lean high, as on every marketplace; review counts are few for most, many for some.
  const reviews = Math.floor(draw.number() ** 3 * 250);
  const rating = reviews === 0 ? 0 : Math.round((5 - draw.number() ** 2 * 2) * 10) / 10;
  const audience = draw.pick(words.audiences);
  return {
    userId: draw.id(),
    role: 'professor',
    email: `${asciiOf(firstName)}.${asciiOf(lastName)}.${at}@catalogue.test`,
    firstName,
    lastName,
    passwordHash: NO_PASSWORD,
    status: 'active',
    createdAt: new Date(now - draw.number() * 2 * YEAR_MS).toISOString(),
    domainActivity: area,
    headline: `${position}, ${topics[0]} and ${topics[1]}`,
    position,
    company,
    city: place.city,
    country: place.country,
    languages: [...new Set(['en', place.language, ...(draw.number() < 0.3 ? [draw.pick(CITIES).language] : [])])],
    expYears,
    // The counters a rating is derived from (benchmark data: no review items behind them).
    ratingSum: Math.round(rating * reviews),
    reviews,
    isVerified: draw.number() < 0.95,
    isStripeConnected: true,
    payoutsEnabled: true,
    bio: `${position} with ${expYears} years of experience in ${topics[0]} and ${topics[1]}. I help ${audience} with ${topics[2]} and ${topics[3]}, with examples from my own work in ${place.city}.`,
    expertises: topics.map(capitalised),
    workExperience: [
      {
        position,
        company,
        location: place.city,
        startDate: monthYear(currentSince.year, currentSince.month),
        endDate: 'Present',
        description: `Lead work on ${topics[0]} and ${topics[1]} for clients and teams across ${place.country}, and train new colleagues.`,
      },
      {
        position: draw.pick(words.positions),
        company: `${draw.pick(FIRM_NAMES)} ${draw.pick(words.firmKinds)}`,
        location: draw.pick(CITIES).city,
        startDate: monthYear(currentSince.year - draw.int(2, 6), draw.int(1, 12)),
        endDate: monthYear(currentSince.year, currentSince.month),
        description: `Worked on ${topics[2]} and ${topics[3]}, from the first analysis to the delivery of the results.`,
      },
    ],
    education: [education(draw, words, thisYear - expYears - draw.int(0, 2))],
  };
}

function education(draw: Draw, words: AreaVocabulary, year: number) {
  const { level, degrees } = draw.pick(DEGREES.slice(0, 2));
  return { institution: draw.pick(UNIVERSITIES), level, degree: draw.pick(degrees), field: draw.pick(words.fields), year };
}

// Offers ----------------------------------------------------------------------------------------

type LessonType = (typeof LESSON_TYPES)[number];

/** Title patterns per lesson type: a topic (t) or a document (d) fills the blank. */
const TITLES: Record<LessonType, ((t: string, d: string) => string)[]> = {
  'Video Call': [
    (t) => `${capitalised(t)} coaching`,
    (t) => `${capitalised(t)} for beginners`,
    (t) => `${capitalised(t)} crash course`,
    (t) => `Master ${t} step by step`,
    (t) => `${capitalised(t)}: live workshop`,
    (t) => `Mock interview: ${t}`,
  ],
  Document: [
    (_t, d) => `Review of your ${d}`,
    (_t, d) => `Written feedback on your ${d}`,
    (_t, d) => `${capitalised(d)} rewrite`,
    (t) => `${capitalised(t)} checklist and notes`,
  ],
  'Phone Call': [(t) => `${capitalised(t)} questions answered`, (t) => `Quick call about ${t}`, (t) => `Career call: ${t}`],
};

const OPENINGS: Record<LessonType, ((t: string, d: string, a: string) => string)[]> = {
  'Video Call': [
    (t, _d, a) => `A live session on ${t} for ${a}.`,
    (t) => `We work through ${t} together on a real case, at your pace.`,
    (t) => `A practical video session to understand ${t} and apply it right away.`,
  ],
  Document: [
    (t, d) => `Send your ${d} and get detailed written feedback on ${t}.`,
    (_t, d) => `I read your ${d} line by line and send it back annotated, with a summary of what to fix first.`,
  ],
  'Phone Call': [
    (t) => `A phone call about ${t}, shaped around your questions.`,
    (t, _d, a) => `Talk through ${t} with someone who does it every day; ideal for ${a}.`,
  ],
};

const MIDDLES = [
  (t: string, a: string) => `We also cover ${t} and the mistakes ${a} make most often.`,
  (t: string) => `You leave with a plan for the next weeks and notes on ${t}.`,
  (t: string) => `Examples come from real projects, and we connect the subject to ${t} where it helps.`,
];

const ENDINGS = [
  'Bring your questions or a current project.',
  'Suitable for beginners and for people who want to go further.',
  'Tell me your goal when you book so that I can prepare.',
];

function generateOffer(draw: Draw, expert: AccountRecord, now: number): OfferRecord {
  const area = expert.domainActivity as Area;
  const words = AREA_VOCABULARY[area];
  const lessonType = draw.pick(LESSON_TYPES);
  const pricingType = lessonType === 'Document' ? (draw.number() < 0.8 ? 'fixed' : 'hourly') : draw.pick(PRICING_TYPES);
  const [topic, otherTopic] = draw.some(words.topics, 2);
  const document = draw.pick(words.documents);
  const audience = draw.pick(words.audiences);
  const joined = Date.parse(expert.createdAt);
  return {
    offerId: draw.id(),
    expertId: expert.userId,
    title: fitted(draw.pick(TITLES[lessonType])(topic, document), LIMITS.offerTitleMin, LIMITS.offerTitleMax, `${capitalised(topic)} session`),
    description: fitted(
      [draw.pick(OPENINGS[lessonType])(topic, document, audience), draw.pick(MIDDLES)(otherTopic, audience), draw.pick(ENDINGS)].join(' '),
      LIMITS.offerDescriptionMin,
      LIMITS.offerDescriptionMax,
      `A session on ${topic} for ${audience}.`,
    ),
    // Whole euros in steps of 5: 30-180 an hour, 40-600 fixed.
    priceCents: centsFromEuros((pricingType === 'hourly' ? draw.int(6, 36) : draw.int(8, 120)) * 5),
    lessonType,
    pricingType,
    area,
    status: 'approved',
    createdAt: new Date(joined + draw.number() * (now - joined)).toISOString(),
  };
}

/** The text when its length passes the offer form's rule, else the fallback (which does). */
const fitted = (text: string, min: number, max: number, fallback: string) => (text.length >= min && text.length <= max ? text : fallback);

// Writing ---------------------------------------------------------------------------------------

export interface WriteTarget {
  /** Default: DYNAMODB_ENDPOINT (unset: AWS). */
  endpoint?: string;
  /** Default: TABLE_NAME. */
  tableName?: string;
  /** BatchWriteItem calls in flight at once. */
  concurrency?: number;
}

export interface WriteReport {
  items: number;
  batches: number;
  /** Times a batch was sent again for its unprocessed items. */
  retries: number;
  ms: number;
}

const BATCH_SIZE = 25;
const MAX_ATTEMPTS = 8;

/** Writes the experts (user item, address claim, search entries) and the offers, 25 items per BatchWriteItem. */
export async function writeCatalogue(catalogue: GeneratedCatalogue, target: WriteTarget = {}): Promise<WriteReport> {
  const started = performance.now();
  const tableName = target.tableName ?? process.env.TABLE_NAME;
  if (!tableName) throw new Error('No table: pass tableName or set TABLE_NAME');
  const client = documentClient(target.endpoint ?? process.env.DYNAMODB_ENDPOINT);
  const items = [
    ...catalogue.experts.flatMap((expert) => [toAccountItem(expert), toEmailClaimItem(expert), ...memberWordItems(expert)]),
    ...catalogue.offers.map(toOfferItem),
  ];
  const batches = Array.from({ length: Math.ceil(items.length / BATCH_SIZE) }, (_, at) => items.slice(at * BATCH_SIZE, (at + 1) * BATCH_SIZE));
  let next = 0;
  let retries = 0;
  const worker = async () => {
    while (next < batches.length) retries += await writeBatch(client, tableName, batches[next++]);
  };
  try {
    await Promise.all(Array.from({ length: target.concurrency ?? 8 }, worker));
  } finally {
    client.destroy();
  }
  return { items: items.length, batches: batches.length, retries, ms: Math.round(performance.now() - started) };
}

/** One batch, sending its unprocessed items again with a growing pause; answers how many times it had to. */
async function writeBatch(client: DynamoDBDocumentClient, tableName: string, items: Record<string, unknown>[]): Promise<number> {
  let requests = items.map((Item) => ({ PutRequest: { Item } }));
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 25 * 2 ** attempt * Math.random()));
    const { UnprocessedItems } = await client.send(new BatchWriteCommand({ RequestItems: { [tableName]: requests } }));
    requests = (UnprocessedItems?.[tableName] ?? []) as typeof requests;
    if (requests.length === 0) return attempt;
  }
  throw new Error(`${requests.length} items still unprocessed after ${MAX_ATTEMPTS} attempts`);
}

function documentClient(endpoint: string | undefined): DynamoDBDocumentClient {
  // Without credentials in the environment, the local stack's: DynamoDB Local keeps one database per access key and region.
  const useLocalCredentials = !process.env.AWS_ACCESS_KEY_ID;
  return DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint,
      region: process.env.AWS_REGION ?? LOCAL_CREDENTIALS.AWS_REGION,
      ...(useLocalCredentials && {
        credentials: { accessKeyId: LOCAL_CREDENTIALS.AWS_ACCESS_KEY_ID, secretAccessKey: LOCAL_CREDENTIALS.AWS_SECRET_ACCESS_KEY },
      }),
    }),
    { marshallOptions: { removeUndefinedValues: true } },
  );
}

// Command line ----------------------------------------------------------------------------------

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      experts: { type: 'string', default: '1000' },
      offers: { type: 'string', default: '5000' },
      seed: { type: 'string', default: '1' },
      endpoint: { type: 'string' },
      table: { type: 'string' },
    },
  });
  const endpoint = values.endpoint ?? process.env.DYNAMODB_ENDPOINT;
  const tableName = values.table ?? process.env.TABLE_NAME;
  if (!endpoint || !tableName) throw new Error('Give --endpoint and --table (or DYNAMODB_ENDPOINT and TABLE_NAME) of the DynamoDB to write to');
  const size = { experts: Number(values.experts), offers: Number(values.offers), seed: Number(values.seed) };
  if (![size.experts, size.offers, size.seed].every(Number.isInteger) || size.experts < 1 || size.offers < 0)
    throw new Error('--experts, --offers and --seed take whole numbers (at least one expert)');
  await ensureTable(endpoint, tableName);
  const started = performance.now();
  const catalogue = generateCatalogue(size);
  const generateMs = Math.round(performance.now() - started);
  const report = await writeCatalogue(catalogue, { endpoint, tableName });
  console.log(
    `Generated ${size.experts} experts and ${size.offers} offers in ${generateMs} ms; wrote ${report.items} items in ${report.batches} batches (${report.retries} retried) in ${(report.ms / 1000).toFixed(1)} s to ${tableName} at ${endpoint}.`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
