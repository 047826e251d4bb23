/**
 * Stripe's REST API, the part the adapter uses: form-encoded requests under /v1 with a test secret
 * key, answers and refusals shaped as Stripe's, idempotency keys honoured for 24 hours.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { parse } from 'qs';
import { invalidRequest, missingParameter, noSuch, StripeError } from './errors';
import type { EventLog } from './events';
import type { EventRequest, Ledger } from './stripe-state';
import { readBody } from './request-body';
import { API_VERSION, listObject, type Metadata, randomToken, type StripeObject } from './objects';

type Params = Record<string, unknown>;

interface Route {
  method: 'GET' | 'POST';
  path: RegExp;
  answer(ids: string[], params: Params, request: EventRequest): StripeObject;
}

/** The answer to a request made with an idempotency key, replayed to the same key for 24 hours. */
export interface SavedResponse {
  method: string;
  path: string;
  params: string;
  requestId: string;
  body: string;
  savedAt: number;
}

const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;
const REFUND_REASONS = ['duplicate', 'fraudulent', 'requested_by_customer'];
const TEST_SECRET_KEY = /^Bearer sk_test_\w+$/;

/** The saved answers by idempotency key, and who to tell when one is saved: kept between runs with the ledger. */
export interface IdempotencyKeys {
  saved: Map<string, SavedResponse>;
  changed?: () => void;
}

export function createApiServer(ledger: Ledger, events: EventLog, now: () => number, idempotencyKeys: IdempotencyKeys): Server {
  const routes = apiRoutes(ledger, events);
  const savedResponses = idempotencyKeys.saved;

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const requestId = `req_${randomToken(14)}`;
    const [path, query = ''] = (request.url ?? '/').split('?');
    const method = request.method ?? 'GET';
    const send = (status: number, body: string, headers: Record<string, string> = {}): void => {
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

    for (const [key, saved] of savedResponses) if (now() - saved.savedAt > IDEMPOTENCY_KEY_LIFETIME_MS) savedResponses.delete(key);
    const saved = idempotencyKey ? savedResponses.get(idempotencyKey) : undefined;
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
      return send(200, saved.body, { 'idempotency-key': idempotencyKey, 'idempotent-replayed': 'true', 'original-request': saved.requestId });
    }

    try {
      ledger.expireDue();
      const route = routes.find((candidate) => candidate.method === method && candidate.path.test(path));
      if (!route)
        throw invalidRequest(
          `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
          { status: 404 },
        );
      const ids = (route.path.exec(path) as RegExpExecArray).slice(1);
      const object = route.answer(ids, params, { id: requestId, idempotency_key: idempotencyKey ?? null });
      expand(object, stringList(params.expand, 'expand'), ledger.objectById);
      const answer = JSON.stringify(object, null, 2);
      // Stripe keeps the result of a request that ran; one refused on its parameters may be tried again with the same key.
      if (idempotencyKey) {
        savedResponses.set(idempotencyKey, { method, path, params: paramsFingerprint, requestId, body: answer, savedAt: now() });
        idempotencyKeys.changed?.();
      }
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
  const route = (method: Route['method'], path: string, answer: Route['answer']): Route => ({ method, path: new RegExp(`^/v1/${path}$`), answer });
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
    route('GET', `refunds/${ID}`, ([id]) => ledger.refund(id)),
    route('POST', 'accounts', (_ids, params) => {
      const capabilities = (params.capabilities ?? {}) as Record<string, { requested?: string }>;
      return ledger.createAccount({
        type: optionalText(params, 'type') ?? 'express',
        country: (optionalText(params, 'country') ?? 'FR').toUpperCase(),
        email: optionalText(params, 'email'),
        requestedCapabilities: Object.keys(capabilities).filter((name) => capabilities[name]?.requested === 'true'),
        metadata: metadataOf(params),
      });
    }),
    route('GET', `accounts/${ID}`, ([id]) => ledger.account(id)),
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
        metadata: metadataOf(params),
      };
      return ledger.createTransfer(input, request);
    }),
    route('GET', `transfers/${ID}`, ([id]) => ledger.transfer(id)),
    route('GET', 'balance', () => ledger.balance()),
    route('GET', `events/${ID}`, ([id]) => {
      const event = events.get(id);
      if (!event) throw noSuch('event', id);
      return events.object(event);
    }),
    route('GET', 'events', (_ids, params) => {
      const limit = optionalInteger(params, 'limit') ?? 10;
      if (limit < 1 || limit > 100) throw invalidRequest('This value must be between 1 and 100.', { param: 'limit' });
      const all = events.list();
      const startingAfter = optionalText(params, 'starting_after');
      const from = startingAfter ? all.findIndex((event) => event.id === startingAfter) + 1 : 0;
      if (startingAfter && from === 0) throw noSuch('event', startingAfter, 'starting_after');
      const page = all.slice(from, from + limit);
      return listObject(page.map(events.object), '/v1/events', from + limit < all.length);
    }),
  ];
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

/** Replaces ids by their objects along each dotted path, as Stripe's `expand[]` does. */
function expand(object: StripeObject, paths: string[], objectById: (id: string) => StripeObject | undefined): void {
  for (const path of paths) {
    let holder: StripeObject | undefined = object;
    for (const field of path.split('.')) {
      if (!holder || !(field in holder)) throw invalidRequest(`This property cannot be expanded (${path}).`, { param: 'expand' });
      const value = holder[field];
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
