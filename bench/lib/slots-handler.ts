/**
 * Child process of bench/slots.ts: the orders Lambda called in-process with payload 2.0 events for
 * `GET /experts/{id}/slots`, over an expert with hours, 500 busy times of their own calendar and 500 bookings in the next 60 days, each
 * request's DynamoDB calls recorded; and the raw GetItem of the same table beside it, the floor.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { performance } from 'node:perf_hooks';
import type { APIGatewayProxyResultV2 } from 'aws-lambda';
import type { SlotsAnswer } from '../../shared/schemas/bookings';
import { recordCalls } from './aws-calls';
import { childTask } from './child-task';
import { summarise } from './stats';

export interface SlotsBenchInput {
  originSecret: string;
  bookings: number;
  /** Busy times read from the expert's own calendar, kept beside their hours. */
  busyTimes: number;
  warmupRounds: number;
  rounds: number;
}

export type SlotsBenchResult = Awaited<ReturnType<typeof measure>>;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

childTask(measure);

async function measure(input: SlotsBenchInput) {
  const { handler } = await import('../../functions/lambdas/orders/handler');
  const { db } = await import('../../functions/platform/table');
  const { config } = await import('../../functions/platform/config');
  const { availabilityKey } = await import('../../functions/platform/keys');
  const { createUser } = await import('../../functions/contexts/accounts/repository');
  const { putAvailability, putBusySource } = await import('../../functions/contexts/bookings/repository');
  const { toBookingItem } = await import('../../functions/contexts/bookings/booking');
  const { newId } = await import('../../functions/platform/crypto');
  const { apiEvent } = await import('./gateway-event');
  const recorder = recordCalls({ dynamodb: db });

  // Arrange: an expert in Paris, 08:00-20:00 every day, a 15-minute buffer, and `bookings` hours booked over 60 days.
  const expertId = newId();
  await createUser({
    userId: expertId,
    role: 'professor',
    email: `slots-${expertId}@bench.test`,
    firstName: 'Bench',
    lastName: 'Slots',
    passwordHash: 'unused',
    status: 'active',
    isVerified: true,
    createdAt: new Date(Date.now() - 30 * DAY_MS).toISOString(),
  });
  const hours = [{ start: '08:00', end: '20:00' }];
  await putAvailability(
    expertId,
    {
      timeZone: 'Europe/Paris',
      weekly: { mon: hours, tue: hours, wed: hours, thu: hours, fri: hours, sat: hours, sun: hours },
      overrides: [],
      bufferMinutes: 15,
      minNoticeHours: 12,
      horizonDays: 60,
    },
    new Date().toISOString(),
  );
  const firstDay = Math.ceil(Date.now() / DAY_MS) * DAY_MS + DAY_MS;
  for (let index = 0; index < input.bookings; index++) {
    // Spread over 60 days, several a day, between 08:00 and 19:00 UTC.
    const start = firstDay + Math.floor((index * 60) / input.bookings) * DAY_MS + (8 + ((index * 3) % 11)) * HOUR_MS;
    const booking = {
      userId: expertId,
      orderId: newId(),
      start: new Date(start).toISOString(),
      end: new Date(start + HOUR_MS).toISOString(),
      bufferMinutes: 15,
    };
    await db.send(new PutCommand({ TableName: config.tableName, Item: toBookingItem(booking) }));
  }

  // Their own calendar: `busyTimes` half hours over the same 60 days, between the bookings.
  await putBusySource({
    expertId,
    address: 'https://calendar.example.com/basic.ics',
    savedAt: new Date().toISOString(),
    lastReadAt: new Date().toISOString(),
    lastGoodReadAt: new Date().toISOString(),
    busy: Array.from({ length: input.busyTimes }, (_, index) => {
      const start = firstDay + Math.floor((index * 60) / input.busyTimes) * DAY_MS + (19 * HOUR_MS + ((index * 7) % 4) * 15 * 60_000);
      return { start, end: start + 30 * 60_000 };
    }),
  });

  const from = new Date(firstDay).toISOString();
  const ranges = [
    { name: '1 day', to: new Date(firstDay + DAY_MS).toISOString() },
    { name: '60 days', to: new Date(firstDay + 60 * DAY_MS).toISOString() },
  ];
  let client = 0;
  async function slots(to: string) {
    const from_ = recorder.calls.length;
    const at = performance.now();
    // Each request from another viewer, as many students would: the per-client limit is not what is measured.
    client++;
    const address = `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`;
    const event = apiEvent(
      'GET',
      `/experts/${expertId}/slots?${new URLSearchParams({ from, to, minutes: '60', timeZone: 'America/New_York' })}`,
      input.originSecret,
      {
        remoteAddress: address,
      },
    );
    const response = (await handler(event)) as Exclude<APIGatewayProxyResultV2, string>;
    const ms = performance.now() - at;
    if (response.statusCode !== 200) throw new Error(`slots answered ${response.statusCode}: ${response.body}`);
    const answer = JSON.parse(response.body ?? '{}') as SlotsAnswer;
    return { ms, calls: recorder.countSince(from_), slots: answer.slots.length };
  }
  async function getItem() {
    const at = performance.now();
    await db.send(new GetCommand({ TableName: config.tableName, Key: availabilityKey(expertId) }));
    return performance.now() - at;
  }

  const samples = new Map<string, { ms: number[]; calls: Record<string, number>[]; slots: number }>(
    ranges.map((range) => [range.name, { ms: [], calls: [], slots: 0 }]),
  );
  const floor: number[] = [];
  for (let round = 0; round < input.warmupRounds + input.rounds; round++) {
    for (const range of round % 2 === 0 ? ranges : [...ranges].reverse()) {
      const sample = await slots(range.to);
      const kept = samples.get(range.name);
      if (kept && round >= input.warmupRounds) {
        kept.ms.push(sample.ms);
        kept.calls.push(sample.calls);
        kept.slots = sample.slots;
      }
    }
    const ms = await getItem();
    if (round >= input.warmupRounds) floor.push(ms);
  }
  const callsOf = (calls: Record<string, number>[]) => {
    const totals = calls.map((call) => Object.values(call).reduce((sum, count) => sum + count, 0));
    return { min: Math.min(...totals), max: Math.max(...totals), byCommand: calls[0] };
  };
  return {
    bookings: input.bookings,
    busyTimes: input.busyTimes,
    ranges: ranges.map((range) => {
      const kept = samples.get(range.name);
      if (!kept) throw new Error(`no samples of ${range.name}`);
      return { range: range.name, latencyMs: summarise(kept.ms), dynamoCallsPerRequest: callsOf(kept.calls), freeSlots: kept.slots };
    }),
    getItemFloorMs: summarise(floor),
  };
}
