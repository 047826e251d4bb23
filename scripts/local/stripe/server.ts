/**
 * Stripe's REST API, the part the adapter uses: form-encoded requests under /v1 with a test secret
 * key, answers and refusals shaped as Stripe's, idempotency keys honoured for 24 hours (each
 * account's its own), and the `Stripe-Account` header that acts as a connected account for its
 * balance, balance transactions and payouts. The faults armed in faults.ts strike where Stripe's
 * would, past the secret key's check and the idempotency key's lookup: a 500 instead of running the
 * request, an answer lost or never sent after it ran or was replayed.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { parse } from 'qs';
import { invalidRequest, missingParameter, noSuch, StripeError } from './errors';
import type { EventLog } from './events';
import type { EventRequest } from './events';
import type { FaultMode, Faults } from './faults';
import type { Ledger } from './stripe-state';
import { readBody } from './request-body';
import { PAYOUT_INTERVALS, type PayoutScheduleInput } from './stripe-state';
import type { MetadataUpdate } from './funds';
import { API_VERSION, listObject, type Metadata, randomToken, type StripeObject } from './objects';

type Params = Record<string, unknown>;

interface Route {
  method: 'GET' | 'POST';
  path: RegExp;
  /** Answers for a connected account too (the Stripe-Account header), as `account`; null for the platform. */
  connect?: boolean;
  answer(ids: string[], params: Params, request: EventRequest, account: string | null): StripeObject;
}

/** The answer to a request made with an idempotency key, replayed to the same key for 24 hours. */
export interface SavedResponse {
  method: string;
  path: string;
  params: string;
  requestId: string;
  /** 200, or 500 for Stripe's own error (a fault), which Stripe replays too. */
  status: number;
  body: string;
  savedAt: number;
}

const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;
const REFUND_REASONS = ['duplicate', 'fraudulent', 'requested_by_customer'];
const TEST_SECRET_KEY = /^Bearer sk_test_\w+$/;
/** The faults that can befall a replayed answer: Stripe's 500 comes from running a request, which a replay does not. */
const LOST_ANSWER_FAULTS: FaultMode[] = ['drop-after-commit', 'timeout'];

/** The saved answers by idempotency key, and who to tell when one is saved: kept between runs with the ledger. */
export interface IdempotencyKeys {
  saved: Map<string, SavedResponse>;
  changed?: () => void;
}

export function createApiServer(
  ledger: Ledger,
  events: EventLog,
  now: () => number,
  idempotencyKeys: IdempotencyKeys,
  faults: Faults,
  beforeRequest: () => void,
): Server {
  const routes = apiRoutes(ledger, events);
  const savedResponses = idempotencyKeys.saved;

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const requestId = `req_${randomToken(14)}`;
    const [path, query = ''] = (request.url ?? '/').split('?');
    const method = request.method ?? 'GET';
    /** The fault this request meets, taken once it gets where Stripe's own failures happen: past its key's lookup. */
    let fault: FaultMode | undefined;
    const send = (status: number, body: string, headers: Record<string, string> = {}): void => {
      // The answer is lost on its way back, the request applied all the same; or it never comes, and the client gives up waiting.
      if (fault === 'drop-after-commit') return void request.socket.destroy();
      if (fault === 'timeout') return;
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': requestId, 'stripe-version': API_VERSION, ...headers }).end(body);
    };
    const refuse = (error: StripeError) => send(error.status, JSON.stringify({ error: error.body }, null, 2));

    const authorization = request.headers.authorization;
    if (!authorization || !TEST_SECRET_KEY.test(authorization)) return refuse(unauthorized(authorization));
    const body = await readBody(request);
    const paramsText = method === 'GET' ? query : body;
    const params = parse(paramsText, { depth: 10, arrayLimit: 100, parameterLimit: 1000 });
    const idempotencyKey = method === 'POST' ? headerValue(request, 'idempotency-key') : undefined;
    const paramsFingerprint = stableJson(params);
    const account = headerValue(request, 'stripe-account') ?? null;
    if (account !== null && !ledger.hasAccount(account)) return refuse(noAccessTo(account, authorization));
    // Stripe keeps idempotency keys per account: the same key on two accounts names two requests.
    const savedKey = idempotencyKey && (account ? `${account}/${idempotencyKey}` : idempotencyKey);

    for (const [key, saved] of savedResponses) if (now() - saved.savedAt > IDEMPOTENCY_KEY_LIFETIME_MS) savedResponses.delete(key);
    const saved = savedKey ? savedResponses.get(savedKey) : undefined;
    // "Stripe saves the status code and body of the first request made with a given idempotency key after endpoint execution begins."
    const save = (status: number, body: string): void => {
      if (!savedKey) return;
      savedResponses.set(savedKey, { method, path, params: paramsFingerprint, requestId, status, body, savedAt: now() });
      idempotencyKeys.changed?.();
    };
    fault = faults.take(method, path, saved ? LOST_ANSWER_FAULTS : undefined);
    if (idempotencyKey && saved) {
      if (saved.method !== method || saved.path !== path)
        return refuse(
          idempotencyError(
            `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${saved.method} ${saved.path}' vs '${method} ${path}'). Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          ),
        );
      if (saved.params !== paramsFingerprint)
        return refuse(
          idempotencyError(
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          ),
        );
      return send(saved.status, saved.body, { 'idempotency-key': idempotencyKey, 'idempotent-replayed': 'true', 'original-request': saved.requestId });
    }
    if (fault === 'error') {
      // Nothing applied, and the 500 kept for the key: its retries get this 500 again, not a second chance.
      const unknownError = JSON.stringify({ error: { type: 'api_error', message: 'An unknown error occurred' } }, null, 2);
      save(500, unknownError);
      return send(500, unknownError, idempotencyKey ? { 'idempotency-key': idempotencyKey } : {});
    }

    try {
      beforeRequest();
      const route = routes.find((candidate) => candidate.method === method && candidate.path.test(path));
      if (!route)
        throw invalidRequest(
          `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
          { status: 404 },
        );
      if (account !== null && !route.connect)
        throw invalidRequest(
          `This local Stripe acts as a connected account (the Stripe-Account header) for its balance, balance transactions and payouts only, not for ${method} ${path}.`,
        );
      const ids = (route.path.exec(path) as RegExpExecArray).slice(1);
      const object = route.answer(ids, params, { id: requestId, idempotency_key: idempotencyKey ?? null }, account);
      expand(object, stringList(params.expand, 'expand'), ledger.objectById);
      const answer = JSON.stringify(object, null, 2);
      // Stripe keeps the result of a request that ran; one refused on its parameters may be tried again with the same key.
      save(200, answer);
      send(200, answer, idempotencyKey ? { 'idempotency-key': idempotencyKey } : {});
    } catch (error) {
      if (!(error instanceof StripeError)) throw error;
      refuse(error);
    }
  }

  return createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      console.error('Local Stripe:', error);
      if (!response.headersSent)
        response
          .writeHead(500, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { type: 'api_error', message: 'An unknown error occurred.' } }));
    });
  });
}

function apiRoutes(ledger: Ledger, events: EventLog): Route[] {
  const ID = '([^/]+)';
  const route = (method: Route['method'], path: string, answer: Route['answer'], connect = false): Route => ({
    method,
    path: new RegExp(`^/v1/${path}$`),
    answer,
    connect,
  });
  return [
    route('POST', 'checkout/sessions', (_ids, params) => ledger.createCheckoutSession(checkoutSessionInput(params))),
    route('GET', `checkout/sessions/${ID}`, ([id]) => ledger.checkoutSession(id)),
    route('POST', `checkout/sessions/${ID}/expire`, ([id], _params, request) => ledger.expireCheckoutSession(id, request)),
    route('GET', `payment_intents/${ID}`, ([id]) => ledger.paymentIntent(id)),
    route('GET', `charges/${ID}`, ([id]) => ledger.charge(id)),
    route('POST', 'refunds', (_ids, params, request) => {
      const paymentIntent = optionalText(params, 'payment_intent');
      const charge = optionalText(params, 'charge');
      if (!paymentIntent && !charge)
        throw invalidRequest('One of the following params should be provided for this request: charge or payment_intent.', { code: 'parameter_missing' });
      const amount = params.amount === undefined ? null : positiveInteger(params, 'amount');
      const reason = optionalText(params, 'reason');
      if (reason !== null && !REFUND_REASONS.includes(reason))
        throw invalidRequest(`Invalid reason: must be one of ${REFUND_REASONS.join(', ')}`, { code: 'parameter_invalid_string', param: 'reason' });
      const input = { paymentIntent, charge, amount, reason, metadata: metadataOf(params) };
      return ledger.createRefund(input, request);
    }),
    route('GET', 'refunds', (_ids, params) =>
      page(
        ledger.refunds({ paymentIntent: optionalText(params, 'payment_intent'), charge: optionalText(params, 'charge') }).filter(createdWithin(params)),
        params,
        '/v1/refunds',
        'refund',
      ),
    ),
    route('GET', `refunds/${ID}`, ([id]) => ledger.refund(id)),
    route('POST', 'accounts', (_ids, params) => {
      const capabilities = (params.capabilities ?? {}) as Record<string, { requested?: string }>;
      return ledger.createAccount({
        type: optionalText(params, 'type') ?? 'express',
        country: (optionalText(params, 'country') ?? 'FR').toUpperCase(),
        email: optionalText(params, 'email'),
        requestedCapabilities: Object.keys(capabilities).filter((name) => capabilities[name]?.requested === 'true'),
        metadata: metadataOf(params),
        payoutSchedule: payoutScheduleOf(params) ?? null,
      });
    }),
    route('GET', 'accounts', (_ids, params) => page(ledger.accounts().filter(createdWithin(params)), params, '/v1/accounts', 'account')),
    route('GET', `accounts/${ID}`, ([id]) => ledger.account(id)),
    route('POST', `accounts/${ID}`, ([id], params, request) =>
      ledger.updateAccount(
        id,
        {
          ...(params.email !== undefined && { email: optionalText(params, 'email') }),
          metadata: metadataUpdateOf(params),
          payoutSchedule: payoutScheduleOf(params),
        },
        request,
      ),
    ),
    route('POST', `accounts/${ID}/login_links`, ([id]) => ledger.createLoginLink(id)),
    route('POST', 'account_links', (_ids, params) => {
      const type = requiredText(params, 'type');
      if (type !== 'account_onboarding') throw invalidRequest(`Invalid type: must be account_onboarding here`, { param: 'type' });
      return ledger.createAccountLink({
        account: requiredText(params, 'account'),
        refreshUrl: requiredText(params, 'refresh_url'),
        returnUrl: requiredText(params, 'return_url'),
      });
    }),
    route('POST', 'transfers', (_ids, params, request) => {
      const input = {
        amount: positiveInteger(params, 'amount'),
        currency: euros(requiredText(params, 'currency'), 'currency'),
        destination: requiredText(params, 'destination'),
        transferGroup: optionalText(params, 'transfer_group'),
        sourceTransaction: optionalText(params, 'source_transaction'),
        description: optionalText(params, 'description'),
        metadata: metadataOf(params),
      };
      return ledger.createTransfer(input, request);
    }),
    route('GET', 'transfers', (_ids, params) =>
      page(
        ledger
          .transfers({ destination: optionalText(params, 'destination'), transferGroup: optionalText(params, 'transfer_group') })
          .filter(createdWithin(params)),
        params,
        '/v1/transfers',
        'transfer',
      ),
    ),
    route('GET', `transfers/${ID}`, ([id]) => ledger.transfer(id)),
    route('POST', `transfers/${ID}`, ([id], params, request) =>
      ledger.updateTransfer(
        id,
        { ...(params.description !== undefined && { description: optionalText(params, 'description') }), metadata: metadataUpdateOf(params) },
        request,
      ),
    ),
    route('POST', `transfers/${ID}/reversals`, ([id], params, request) =>
      ledger.createReversal(id, { amount: params.amount === undefined ? null : positiveInteger(params, 'amount'), metadata: metadataOf(params) }, request),
    ),
    route('GET', `transfers/${ID}/reversals`, ([id], params) => page(ledger.reversals(id), params, `/v1/transfers/${id}/reversals`, 'transfer_reversal')),
    route('GET', `transfers/${ID}/reversals/${ID}`, ([transferId, id]) => ledger.reversal(transferId, id)),
    route('GET', 'balance', (_ids, _params, _request, account) => ledger.balance(account), true),
    route(
      'GET',
      'balance_transactions',
      (_ids, params, _request, account) => {
        if (params.payout !== undefined)
          throw invalidRequest('This local Stripe makes no automatic payout reconciliation: list balance transactions without `payout`.', { param: 'payout' });
        const filter = {
          type: optionalText(params, 'type'),
          source: optionalText(params, 'source'),
          currency: optionalText(params, 'currency'),
          created: createdRange(params),
        };
        return page(ledger.balanceTransactions(account, filter), params, '/v1/balance_transactions', 'balance transaction');
      },
      true,
    ),
    route('GET', `balance_transactions/${ID}`, ([id], _params, _request, account) => ledger.balanceTransaction(account, id), true),
    route(
      'POST',
      'payouts',
      (_ids, params, request, account) => {
        if (account === null)
          throw invalidRequest('This local Stripe makes payouts from connected accounts only: send the Stripe-Account header (stripeAccount in the SDK).');
        const method = optionalText(params, 'method') ?? 'standard';
        if (method !== 'standard') throw invalidRequest('This local Stripe makes standard payouts only, not instant ones.', { param: 'method' });
        const sourceType = optionalText(params, 'source_type') ?? 'card';
        if (sourceType !== 'card')
          throw invalidRequest(`This local Stripe keeps card balances only: no ${sourceType} balance to pay out.`, { param: 'source_type' });
        const statementDescriptor = optionalText(params, 'statement_descriptor');
        if (statementDescriptor !== null && statementDescriptor.length > 22)
          throw invalidRequest('The statement descriptor must be at most 22 characters.', { code: 'parameter_invalid_string', param: 'statement_descriptor' });
        const input = {
          amount: positiveInteger(params, 'amount'),
          currency: euros(requiredText(params, 'currency'), 'currency'),
          description: optionalText(params, 'description'),
          statementDescriptor,
          destination: optionalText(params, 'destination'),
          metadata: metadataOf(params),
        };
        return ledger.createPayout(account, input, request);
      },
      true,
    ),
    route(
      'GET',
      'payouts',
      (_ids, params, _request, account) => {
        if (account === null) return page([], params, '/v1/payouts', 'payout');
        const destination = optionalText(params, 'destination');
        const all = ledger.payouts(account, { status: optionalText(params, 'status') });
        return page(
          all.filter((payout) => (!destination || payout.destination === destination) && createdWithin(params)(payout)),
          params,
          '/v1/payouts',
          'payout',
        );
      },
      true,
    ),
    route(
      'GET',
      `payouts/${ID}`,
      ([id], _params, _request, account) => {
        if (account === null) throw noSuch('payout', id);
        return ledger.payout(account, id);
      },
      true,
    ),
    route('GET', 'disputes', (_ids, params) =>
      page(
        ledger.disputes({ charge: optionalText(params, 'charge'), paymentIntent: optionalText(params, 'payment_intent') }).filter(createdWithin(params)),
        params,
        '/v1/disputes',
        'dispute',
      ),
    ),
    route('GET', `disputes/${ID}`, ([id]) => ledger.dispute(id)),
    route('POST', `disputes/${ID}/close`, ([id], _params, request) => ledger.closeDispute(id, request)),
    route('GET', `events/${ID}`, ([id]) => {
      const event = events.get(id);
      if (!event) throw noSuch('event', id);
      return events.object(event);
    }),
    route('GET', 'events', (_ids, params) => page(events.list().map(events.object), params, '/v1/events', 'event')),
  ];
}

/** One page of a list, newest first, as Stripe's lists answer: `limit` (10 unless told), then `starting_after` or `ending_before`. */
function page(all: StripeObject[], params: Params, url: string, kind: string): StripeObject {
  const limit = optionalInteger(params, 'limit') ?? 10;
  if (limit < 1 || limit > 100) throw invalidRequest('This value must be between 1 and 100.', { param: 'limit' });
  const startingAfter = optionalText(params, 'starting_after');
  const endingBefore = optionalText(params, 'ending_before');
  const indexOf = (id: string, param: string) => {
    const index = all.findIndex((object) => object.id === id);
    if (index < 0) throw noSuch(kind, id, param);
    return index;
  };
  if (startingAfter) {
    const rest = all.slice(indexOf(startingAfter, 'starting_after') + 1);
    return listObject(rest.slice(0, limit), url, rest.length > limit);
  }
  if (endingBefore) {
    const before = all.slice(0, indexOf(endingBefore, 'ending_before'));
    return listObject(before.slice(Math.max(0, before.length - limit)), url, before.length > limit);
  }
  return listObject(all.slice(0, limit), url, all.length > limit);
}

/** Stripe's `created` list filter: a timestamp, or a range of `gt`, `gte`, `lt`, `lte`. */
function createdRange(params: Params): (seconds: number) => boolean {
  const created = params.created;
  if (created === undefined) return () => true;
  if (typeof created === 'string') {
    const at = requiredInteger(params, 'created');
    return (seconds) => seconds === at;
  }
  if (typeof created !== 'object' || created === null || Array.isArray(created)) throw invalidRequest('Invalid created', { param: 'created' });
  const bound = (name: string) => optionalInteger(created as Params, name, `created[${name}]`);
  const [gt, gte, lt, lte] = ['gt', 'gte', 'lt', 'lte'].map(bound);
  return (seconds) => (gt === null || seconds > gt) && (gte === null || seconds >= gte) && (lt === null || seconds < lt) && (lte === null || seconds <= lte);
}

const createdWithin = (params: Params) => {
  const within = createdRange(params);
  return (object: StripeObject) => within(object.created as number);
};

const WEEKLY_ANCHORS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

/** settings[payouts][schedule], as far as it is given; undefined when it is not. */
function payoutScheduleOf(params: Params): PayoutScheduleInput | undefined {
  const at = 'settings[payouts][schedule]';
  const settings = params.settings as Params | undefined;
  const schedule = (settings?.payouts as Params | undefined)?.schedule as Params | undefined;
  if (schedule === undefined) return undefined;
  if (typeof schedule !== 'object' || schedule === null || Array.isArray(schedule)) throw invalidRequest('Invalid object', { param: at });
  const input: PayoutScheduleInput = {};
  const interval = optionalText(schedule, 'interval', `${at}[interval]`);
  if (interval !== null) {
    if (!(PAYOUT_INTERVALS as readonly string[]).includes(interval))
      throw invalidRequest(`Invalid ${at}[interval]: must be one of ${PAYOUT_INTERVALS.join(', ')}`, {
        code: 'parameter_invalid_string',
        param: `${at}[interval]`,
      });
    input.interval = interval as PayoutScheduleInput['interval'];
  }
  const delayDays = optionalText(schedule, 'delay_days', `${at}[delay_days]`);
  // 'minimum' is the shortest Stripe allows the account's country; the local Stripe keeps its default.
  if (delayDays !== null && delayDays !== 'minimum') input.delayDays = optionalInteger(schedule, 'delay_days', `${at}[delay_days]`) as number;
  const weeklyAnchor = optionalText(schedule, 'weekly_anchor', `${at}[weekly_anchor]`);
  if (weeklyAnchor !== null) {
    if (!WEEKLY_ANCHORS.includes(weeklyAnchor))
      throw invalidRequest(`Invalid ${at}[weekly_anchor]: must be one of ${WEEKLY_ANCHORS.join(', ')}`, { param: `${at}[weekly_anchor]` });
    input.weeklyAnchor = weeklyAnchor;
  }
  const monthlyAnchor = optionalInteger(schedule, 'monthly_anchor', `${at}[monthly_anchor]`);
  if (monthlyAnchor !== null) {
    if (monthlyAnchor < 1 || monthlyAnchor > 31) throw invalidRequest('This value must be between 1 and 31.', { param: `${at}[monthly_anchor]` });
    input.monthlyAnchor = monthlyAnchor;
  }
  return input;
}

function checkoutSessionInput(params: Params) {
  const mode = requiredText(params, 'mode');
  if (mode !== 'payment') throw invalidRequest('This local Stripe creates Checkout Sessions in payment mode only.', { param: 'mode' });
  if (!Array.isArray(params.line_items) || params.line_items.length === 0) throw missingParameter('line_items');
  const lineItems = params.line_items.map((item: Params, index) => {
    const at = `line_items[${index}]`;
    const priceData = item?.price_data as Params | undefined;
    if (!priceData) throw missingParameter(`${at}[price_data]`);
    const productData = priceData.product_data as Params | undefined;
    return {
      currency: euros(requiredText(priceData, 'currency', `${at}[price_data][currency]`), `${at}[price_data][currency]`),
      name: requiredText(productData ?? {}, 'name', `${at}[price_data][product_data][name]`),
      unitAmount: positiveInteger(priceData, 'unit_amount', `${at}[price_data][unit_amount]`),
      quantity: positiveInteger(item, 'quantity', `${at}[quantity]`),
    };
  });
  const paymentIntentData = (params.payment_intent_data ?? {}) as Params;
  return {
    currency: lineItems[0].currency,
    lineItems: lineItems.map(({ name, unitAmount, quantity }) => ({ name, unitAmount, quantity })),
    metadata: metadataOf(params),
    clientReferenceId: optionalText(params, 'client_reference_id'),
    customerEmail: optionalText(params, 'customer_email'),
    successUrl: optionalUrl(params, 'success_url'),
    cancelUrl: optionalUrl(params, 'cancel_url'),
    expiresAt: optionalInteger(params, 'expires_at'),
    paymentIntentData: {
      transferGroup: optionalText(paymentIntentData, 'transfer_group', 'payment_intent_data[transfer_group]'),
      metadata: metadataOf(paymentIntentData, 'payment_intent_data[metadata]'),
    },
  };
}

function optionalText(params: Params, name: string, param = name): string | null {
  const value = params[name];
  if (value === undefined || value === '') return null;
  if (typeof value !== 'string') throw invalidRequest(`Invalid string: ${param}`, { param });
  return value;
}

function requiredText(params: Params, name: string, param = name): string {
  const value = optionalText(params, name, param);
  if (value === null) throw missingParameter(param);
  return value;
}

function optionalInteger(params: Params, name: string, param = name): number | null {
  const value = optionalText(params, name, param);
  if (value === null) return null;
  if (!/^-?\d+$/.test(value) || !Number.isSafeInteger(Number(value)))
    throw invalidRequest(`Invalid integer: ${value}`, { code: 'parameter_invalid_integer', param });
  return Number(value);
}

function requiredInteger(params: Params, name: string, param = name): number {
  const value = optionalInteger(params, name, param);
  if (value === null) throw missingParameter(param);
  return value;
}

function positiveInteger(params: Params, name: string, param = name): number {
  const value = requiredInteger(params, name, param);
  if (value < 1) throw invalidRequest('Invalid positive integer', { code: 'parameter_invalid_integer', param });
  return value;
}

function optionalUrl(params: Params, name: string): string | null {
  const value = optionalText(params, name);
  if (value !== null && !URL.canParse(value.replaceAll('{CHECKOUT_SESSION_ID}', 'id')))
    throw invalidRequest('Not a valid URL', { code: 'url_invalid', param: name });
  return value;
}

/** The marketplace is priced in euros; so is this local Stripe. */
function euros(currency: string, param: string): string {
  if (currency.toLowerCase() !== 'eur') throw invalidRequest(`This local Stripe takes payments in eur only, not ${currency}.`, { param });
  return 'eur';
}

/** An update's metadata: each key set, or unset by an empty value; all unset by an empty `metadata`. */
function metadataUpdateOf(params: Params): MetadataUpdate {
  if (params.metadata === '') return '';
  return params.metadata === undefined ? undefined : metadataOf(params);
}

function metadataOf(params: Params, param = 'metadata'): Metadata {
  const metadata = params.metadata ?? {};
  if (typeof metadata !== 'object' || Array.isArray(metadata)) throw invalidRequest('Invalid object', { param });
  return Object.fromEntries(Object.entries(metadata).map(([key, value]) => [key, String(value)]));
}

function stringList(value: unknown, param: string): string[] {
  if (value === undefined) return [];
  const list = Array.isArray(value) ? value : [value];
  if (!list.every((item) => typeof item === 'string')) throw invalidRequest('Invalid array', { param });
  return list;
}

/**
 * Replaces ids by their objects along each dotted path, as Stripe's `expand[]` does: a path through
 * a field that is null (no charge yet) stops there, as on Stripe; a field the object lacks is refused.
 */
function expand(object: StripeObject, paths: string[], objectById: (id: string) => StripeObject | undefined): void {
  for (const path of paths) {
    let holder: StripeObject | undefined = object;
    for (const field of path.split('.')) {
      if (!holder || !(field in holder)) throw invalidRequest(`This property cannot be expanded (${path}).`, { param: 'expand' });
      const value = holder[field];
      if (value === null) break;
      if (typeof value === 'string') holder[field] = objectById(value) ?? value;
      holder = holder[field] !== null && typeof holder[field] === 'object' ? (holder[field] as StripeObject) : undefined;
    }
  }
}

function unauthorized(authorization: string | undefined): StripeError {
  const key = authorization?.replace(/^Bearer /, '');
  const message = key
    ? `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`
    : "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.";
  return new StripeError(401, { type: 'invalid_request_error', message });
}

/** Stripe's answer to a Stripe-Account header naming an account the key cannot act as. */
function noAccessTo(account: string, authorization: string): StripeError {
  const key = authorization.replace(/^Bearer /, '');
  return new StripeError(403, {
    type: 'invalid_request_error',
    code: 'account_invalid',
    message: `The provided key '${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}' does not have access to account '${account}' (or that account does not exist). Application access may have been revoked.`,
  });
}

function idempotencyError(message: string): StripeError {
  return new StripeError(400, { type: 'idempotency_error', code: 'idempotency_key_in_use', message });
}

function headerValue(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** JSON with object keys sorted, so that the same parameters in another order compare equal. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Params).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );
}
