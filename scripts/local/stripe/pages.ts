/**
 * Everything under /_local/payments on the app's origin: the hosted pages Stripe would show
 * (checkout, Connect onboarding, the Express dashboard), plain HTML with plain form posts, taken
 * from their own origin only; a dashboard of everything the local Stripe holds; and a JSON control
 * surface for tests and developers (events and their deliveries, resend, expire, settle a debit;
 * settle every pending balance, adjust a balance, fail a payout, dispute a charge and decide the
 * dispute; arm, list and clear faults on the API), taken as application/json only (../cross-site.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { escapeHtml } from '../../../shared/markup';
import { acceptJsonOnly, isSameOriginPost } from '../cross-site';
import { StripeError } from './errors';
import { readBody } from './request-body';
import type { EventLog, EventRecord } from './events';
import { CUSTOMER_ACTION } from './events';
import { FAULT_MODES, type Faults, type FaultSpec, InvalidFaultError } from './faults';
import type { Ledger } from './stripe-state';
import { PAYOUT_FAILURES } from './funds';
import { type BalanceOwner, type CheckoutSessionRecord, DISPUTE_REASONS, formatEuros, type StripeObject } from './objects';

export const PAYMENTS_PATH = '/_local/payments';

type Answer = (request: IncomingMessage, response: ServerResponse, id: string) => Promise<void> | void;

const FAULT_FIELDS = ['method', 'path', 'mode', 'count'];
const FAULT_USAGE = `Send {"path": "/v1/...", "mode": ${FAULT_MODES.map((mode) => `"${mode}"`).join(' | ')}}, and optionally "method": "POST" | "GET" and "count": 1 to 100.`;

export function createPaymentPages(ledger: Ledger, events: EventLog, faults: Faults, beforeRequest: () => void) {
  /**
   * `form`: a hosted page's own form post; every other POST is a JSON control. A DELETE needs a CORS
   * preflight, which no local server allows, so it is taken as it comes.
   */
  const routes: { method: string; path: RegExp; answer: Answer; form?: true }[] = [
    { method: 'GET', path: /^$/, answer: (_request, response) => sendHtml(response, 200, 'Local Stripe', dashboard(ledger, events)) },
    { method: 'GET', path: /^\/events\.json$/, answer: (request, response) => sendJson(response, 200, eventsOf(request).map(eventSummary)) },
    { method: 'POST', path: /^\/events\/([^/]+)\/resend$/, answer: resend },
    { method: 'GET', path: /^\/checkout\/([^/]+)$/, answer: (_request, response, id) => showCheckout(response, id) },
    { method: 'POST', path: /^\/checkout\/([^/]+)$/, answer: checkoutAction, form: true },
    { method: 'POST', path: /^\/checkout\/([^/]+)\/expire$/, answer: expireSession },
    { method: 'POST', path: /^\/checkout\/([^/]+)\/settle$/, answer: settleSession },
    { method: 'GET', path: /^\/onboarding\/([^/]+)$/, answer: (request, response, token) => onboarding(request, response, token) },
    { method: 'POST', path: /^\/onboarding\/([^/]+)$/, answer: (request, response, token) => onboarding(request, response, token), form: true },
    { method: 'GET', path: /^\/express\/([^/]+)$/, answer: (_request, response, id) => expressDashboard(response, id) },
    { method: 'POST', path: /^\/settle$/, answer: settleBalances },
    { method: 'POST', path: /^\/accounts\/([^/]+)\/adjust$/, answer: adjustBalance },
    { method: 'POST', path: /^\/payouts\/([^/]+)\/fail$/, answer: failPayout },
    { method: 'POST', path: /^\/charges\/([^/]+)\/dispute$/, answer: disputeCharge },
    { method: 'POST', path: /^\/disputes\/([^/]+)\/decide$/, answer: decideDispute },
    { method: 'GET', path: /^\/faults$/, answer: (_request, response) => sendJson(response, 200, faults.list()) },
    { method: 'POST', path: /^\/faults$/, answer: armFault },
    { method: 'DELETE', path: /^\/faults$/, answer: clearFaults },
  ];

  /**
   * The events, newest first; `?type=` and `?object=` keep those of one type or about one object, so
   * that a test waiting for one event reads it, not the whole log of a long run.
   */
  function eventsOf(request: IncomingMessage): EventRecord[] {
    const query = new URLSearchParams((request.url ?? '').split('?')[1] ?? '');
    const type = query.get('type');
    const object = query.get('object');
    return events.list().filter((event) => (type === null || event.type === type) && (object === null || event.object.id === object));
  }

  /** A control's answer: the ledger's object, or its refusal as 404 (no such object) or 409 (not in a state to do that). */
  function control(response: ServerResponse, act: () => StripeObject): void {
    try {
      sendJson(response, 200, act());
    } catch (error) {
      if (!(error instanceof StripeError)) throw error;
      sendJson(response, error.status === 404 ? 404 : 409, { error: error.message });
    }
  }

  function settleBalances(_request: IncomingMessage, response: ServerResponse): void {
    ledger.settleAll();
    sendJson(response, 200, {
      balances: ledger.snapshot().balances.map(({ owner, available, pending }) => ({ account: owner ?? 'platform', available, pending })),
    });
  }

  async function adjustBalance(request: IncomingMessage, response: ServerResponse, id: string): Promise<void> {
    const body = parseJson(await readBody(request));
    const amount = body?.amount;
    const description = body?.description;
    if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount === 0 || (description !== undefined && typeof description !== 'string'))
      return sendJson(response, 400, { error: 'Send {"amount": cents} (an integer, negative to take money out), and optionally "description".' });
    const owner: BalanceOwner = id === 'platform' ? null : id;
    control(response, () => ledger.adjust(owner, amount, description ?? null));
  }

  async function failPayout(request: IncomingMessage, response: ServerResponse, id: string): Promise<void> {
    const failureCode = parseJson(await readBody(request))?.failureCode ?? 'could_not_process';
    if (typeof failureCode !== 'string' || !(failureCode in PAYOUT_FAILURES))
      return sendJson(response, 400, { error: `"failureCode" is one of ${Object.keys(PAYOUT_FAILURES).join(', ')}.` });
    control(response, () => ledger.failPayout(id, failureCode));
  }

  async function disputeCharge(request: IncomingMessage, response: ServerResponse, id: string): Promise<void> {
    const body = parseJson(await readBody(request));
    const reason = body?.reason ?? 'fraudulent';
    if ((body?.outcome !== 'won' && body?.outcome !== 'lost') || typeof reason !== 'string' || !DISPUTE_REASONS.includes(reason))
      return sendJson(response, 400, { error: `Send {"outcome": "won" | "lost"}, and optionally "reason": one of ${DISPUTE_REASONS.join(', ')}.` });
    const outcome = body.outcome;
    control(response, () => ledger.openDispute(id, { outcome, reason }));
  }

  function decideDispute(_request: IncomingMessage, response: ServerResponse, id: string): void {
    control(response, () => ledger.decideDispute(id));
  }

  /** Arms one fault after those already armed; answers them all. */
  async function armFault(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = parseJson(await readBody(request));
    if (!body || Array.isArray(body) || Object.keys(body).some((field) => !FAULT_FIELDS.includes(field)))
      return sendJson(response, 400, { error: FAULT_USAGE });
    try {
      faults.arm(body as FaultSpec);
    } catch (error) {
      if (!(error instanceof InvalidFaultError)) throw error;
      return sendJson(response, 400, { error: error.message });
    }
    sendJson(response, 200, faults.list());
  }

  function clearFaults(_request: IncomingMessage, response: ServerResponse): void {
    faults.clear();
    sendJson(response, 200, faults.list());
  }

  async function resend(_request: IncomingMessage, response: ServerResponse, id: string): Promise<void> {
    const event = events.get(id);
    if (!event) return sendJson(response, 404, { error: `No such event: ${id}` });
    if (!event.subscribed) return sendJson(response, 409, { error: `No endpoint subscribes to ${event.type}` });
    sendJson(response, 200, await events.resend(event));
  }

  function showCheckout(response: ServerResponse, id: string, declined = false) {
    const session = ledger.checkoutSessionRecord(id);
    if (!session) return sendHtml(response, 404, 'Not found', '<h1>Not found</h1><p>There is no such Checkout Session.</p>');
    if (session.status !== 'open') return sendHtml(response, 200, 'Checkout', inactiveCheckout);
    sendHtml(response, declined ? 402 : 200, 'Checkout', checkoutPage(session, declined));
  }

  async function checkoutAction(request: IncomingMessage, response: ServerResponse, id: string): Promise<void> {
    const action = new URLSearchParams(await readBody(request)).get('action');
    const session = ledger.checkoutSessionRecord(id);
    if (!session) return showCheckout(response, id);
    if (session.status !== 'open') return sendHtml(response, 409, 'Checkout', inactiveCheckout);
    if (action === 'decline') return showCheckout(response, id, true);
    if (action === 'cancel') {
      if (session.cancelUrl) return redirect(response, session.cancelUrl);
      return sendHtml(response, 200, 'Checkout', '<h1>Payment cancelled</h1><p>Nothing was charged.</p>');
    }
    if (action !== 'pay' && action !== 'pay_async') return sendHtml(response, 400, 'Checkout', '<h1>Unknown action</h1>');
    const paid = action === 'pay' ? ledger.payByCard(id) : ledger.payByDebit(id);
    if (paid.successUrl) return redirect(response, paid.successUrl.replaceAll('{CHECKOUT_SESSION_ID}', paid.id));
    sendHtml(response, 200, 'Checkout', '<h1>Thank you</h1><p>Your payment is complete.</p>');
  }

  function expireSession(_request: IncomingMessage, response: ServerResponse, id: string): void {
    try {
      sendJson(response, 200, ledger.expireCheckoutSession(id, CUSTOMER_ACTION));
    } catch (error) {
      if (!(error instanceof StripeError)) throw error;
      sendJson(response, error.status === 404 ? 404 : 409, { error: error.message });
    }
  }

  async function settleSession(request: IncomingMessage, response: ServerResponse, id: string): Promise<void> {
    const outcome = parseJson(await readBody(request))?.outcome;
    if (outcome !== 'succeeded' && outcome !== 'failed') return sendJson(response, 400, { error: 'Send {"outcome": "succeeded"} or {"outcome": "failed"}.' });
    if (!ledger.checkoutSessionRecord(id)) return sendJson(response, 404, { error: `No such checkout.session: ${id}` });
    const session = ledger.settleDebit(id, outcome);
    if (!session) return sendJson(response, 409, { error: 'This Checkout Session has no bank transfer waiting to settle.' });
    sendJson(response, 200, session);
  }

  async function onboarding(request: IncomingMessage, response: ServerResponse, token: string): Promise<void> {
    const found = ledger.accountLink(token);
    if (!found) return sendHtml(response, 404, 'Not found', '<h1>Not found</h1><p>This onboarding link does not exist.</p>');
    // As Stripe does, an expired or used link sends the user to refresh_url, where the platform makes a new one.
    if (!found.usable) return redirect(response, found.link.refreshUrl);
    if (request.method === 'GET') return sendHtml(response, 200, 'Onboarding', onboardingPage(found.account.email ?? found.account.id));
    const action = new URLSearchParams(await readBody(request)).get('action');
    if (action !== 'complete' && action !== 'leave') return sendHtml(response, 400, 'Onboarding', '<h1>Unknown action</h1>');
    ledger.closeAccountLink(token, action === 'complete');
    redirect(response, found.link.returnUrl);
  }

  function expressDashboard(response: ServerResponse, id: string) {
    const account = ledger.accountRecord(id);
    if (!account) return sendHtml(response, 404, 'Not found', '<h1>Not found</h1><p>There is no such account.</p>');
    const { balances, payouts } = ledger.snapshot();
    const balance = balances.find((entry) => entry.owner === account.id) ?? { available: 0, pending: 0 };
    const mine = payouts.filter((payout) => payout.account === account.id);
    sendHtml(
      response,
      200,
      'Express dashboard',
      `<h1>Express dashboard</h1><p>Account <code>${escapeHtml(account.id)}</code>${account.email ? ` (${escapeHtml(account.email)})` : ''}.</p><p>Payouts ${account.onboarded ? 'enabled' : 'not enabled yet'} (${escapeHtml(account.payoutSchedule?.interval ?? 'daily')}).</p><p>Balance: ${formatEuros(balance.available)} available, ${formatEuros(balance.pending)} pending.</p>${
        mine.length === 0
          ? '<p>No payouts yet.</p>'
          : `<ul>${mine.map((payout) => `<li>${formatEuros(payout.amount)}: ${escapeHtml(payout.status)}, arriving ${timeOf(payout.arrivalDate * 1000)}</li>`).join('')}</ul>`
      }`,
    );
  }

  return async function serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = (request.url ?? '/').split('?')[0];
    if (path !== PAYMENTS_PATH && !path.startsWith(`${PAYMENTS_PATH}/`)) return sendJson(response, 404, { error: 'Not found' });
    const subpath = path.slice(PAYMENTS_PATH.length).replace(/\/$/, '');
    const matching = routes.filter((route) => route.path.test(subpath));
    if (matching.length === 0) return sendJson(response, 404, { error: 'Not found' });
    const route = matching.find((candidate) => candidate.method === request.method);
    if (!route) return sendJson(response, 405, { error: 'Method not allowed' });
    if (route.method === 'POST' && route.form && !isSameOriginPost(request)) {
      request.resume();
      return sendHtml(response, 403, 'Refused', crossSiteForm);
    }
    if (route.method === 'POST' && !route.form && !acceptJsonOnly(request, response)) return;
    beforeRequest();
    const [, id = ''] = route.path.exec(subpath) as RegExpExecArray;
    await route.answer(request, response, id);
  };
}

const crossSiteForm = '<h1>Refused</h1><p>This form was posted from another site. Go back to the site to start again.</p>';

const inactiveCheckout = '<h1>This Checkout Session is no longer active</h1><p>It has been paid or it has expired. Go back to the site to start again.</p>';

function checkoutPage(session: CheckoutSessionRecord, declined: boolean): string {
  const lines = session.lineItems
    .map((item) => `<li>${escapeHtml(item.name)}${item.quantity > 1 ? ` × ${item.quantity}` : ''}: ${formatEuros(item.unitAmount * item.quantity)}</li>`)
    .join('');
  return `<p class="badge">Test mode</p>
<h1>Checkout</h1>
<ul>${lines}</ul>
<p>Total: <strong>${formatEuros(session.amountTotal)}</strong></p>
${session.customerEmail ? `<p>Email: ${escapeHtml(session.customerEmail)}</p>` : ''}
${declined ? '<p role="alert" class="error">Your card was declined.</p>' : ''}
<form method="post" action="${PAYMENTS_PATH}/checkout/${encodeURIComponent(session.id)}">
<button name="action" value="pay">Pay</button>
<button name="action" value="decline">Card declined</button>
<button name="action" value="pay_async">Pay by bank transfer (settles later)</button>
<button name="action" value="cancel">Cancel</button>
</form>`;
}

function onboardingPage(who: string): string {
  return `<p class="badge">Test mode</p>
<h1>Get paid with the marketplace</h1>
<p>Onboarding for ${escapeHtml(who)}: identity, bank account and terms, all taken as given here.</p>
<form method="post">
<button name="action" value="complete">Complete</button>
<button name="action" value="leave">Leave unfinished</button>
</form>`;
}

const timeOf = (ms: number) => `${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')} UTC`;

function eventSummary(event: EventRecord) {
  return {
    id: event.id,
    type: event.type,
    created: event.created,
    objectId: event.object.id,
    ...(event.account && { account: event.account }),
    subscribed: event.subscribed,
    deliveries: event.deliveries,
    delivered: event.delivered,
  };
}

function dashboard(ledger: Ledger, events: EventLog): string {
  const { sessions, accounts, charges, refunds, transfers, reversals, payouts, disputes, balances, balanceTransactions } = ledger.snapshot();
  const table = (caption: string, headings: string[], rows: string[][]) =>
    `<h2>${escapeHtml(caption)}</h2>${
      rows.length === 0
        ? '<p>None yet.</p>'
        : `<table><thead><tr>${headings.map((heading) => `<th scope="col">${heading}</th>`).join('')}</tr></thead><tbody>${rows
            .map((row) => `<tr>${row.map((cell) => `<td>${cell}</td>`).join('')}</tr>`)
            .join('')}</tbody></table>`
    }`;
  const at = (seconds: number) => `<time>${timeOf(seconds * 1000)}</time>`;
  const code = (text: string | null) => (text ? `<code>${escapeHtml(text)}</code>` : '');
  const owner = (account: BalanceOwner) => (account === null ? 'platform' : code(account));
  const deliveries = (event: EventRecord) =>
    !event.subscribed
      ? 'no endpoint subscribes'
      : event.deliveries.length === 0
        ? 'not yet attempted'
        : `<ol>${event.deliveries.map((delivery) => `<li>${timeOf(delivery.at)}: ${delivery.status ?? escapeHtml(delivery.error ?? '')} (${delivery.durationMs} ms)</li>`).join('')}</ol>`;
  const shownTransactions = 50;
  return `<h1>Local Stripe</h1>
<p>Test mode. Events as JSON: <a href="${PAYMENTS_PATH}/events.json">${PAYMENTS_PATH}/events.json</a></p>
${table(
  'Balances',
  ['Account', 'Available', 'Pending'],
  balances.map((balance) => [owner(balance.owner), formatEuros(balance.available), formatEuros(balance.pending)]),
)}
${table(
  'Checkout sessions',
  ['Id', 'Created', 'Amount', 'Status', 'Payment'],
  sessions.map((session) => [
    session.status === 'open' ? `<a href="${PAYMENTS_PATH}/checkout/${encodeURIComponent(session.id)}">${code(session.id)}</a>` : code(session.id),
    at(session.created),
    formatEuros(session.amountTotal),
    session.status,
    session.paymentStatus,
  ]),
)}
${table(
  'Connected accounts',
  ['Id', 'Created', 'Email', 'Onboarded', 'Payouts'],
  accounts.map((account) => [
    code(account.id),
    at(account.created),
    escapeHtml(account.email ?? ''),
    account.onboarded ? 'yes' : 'no',
    escapeHtml(account.payoutSchedule?.interval ?? 'daily'),
  ]),
)}
${table(
  'Charges',
  ['Id', 'Created', 'Amount', 'Refunded', 'Disputed', 'Transfer group'],
  charges.map((charge) => [
    `<span id="${escapeHtml(charge.id)}">${code(charge.id)}</span>`,
    at(charge.created),
    formatEuros(charge.amount),
    formatEuros(charge.amountRefunded),
    code(charge.disputeId ?? null),
    code(charge.transferGroup),
  ]),
)}
${table(
  'Refunds',
  ['Id', 'Created', 'Amount', 'Charge'],
  refunds.map((refund) => [code(refund.id), at(refund.created), formatEuros(refund.amount), code(refund.chargeId)]),
)}
${table(
  'Transfers',
  ['Id', 'Created', 'Amount', 'Reversed', 'Destination', 'Source charge', 'Transfer group'],
  transfers.map((transfer) => [
    code(transfer.id),
    at(transfer.created),
    formatEuros(transfer.amount),
    formatEuros(transfer.amountReversed ?? 0),
    code(transfer.destination),
    code(transfer.sourceTransaction),
    code(transfer.transferGroup),
  ]),
)}
${table(
  'Transfer reversals',
  ['Id', 'Created', 'Amount', 'Transfer'],
  reversals.map((reversal) => [code(reversal.id), at(reversal.created), formatEuros(reversal.amount), code(reversal.transferId)]),
)}
${table(
  'Payouts',
  ['Id', 'Account', 'Created', 'Amount', 'Status', 'Arrival', 'Automatic', 'Failure'],
  payouts.map((payout) => [
    code(payout.id),
    code(payout.account),
    at(payout.created),
    formatEuros(payout.amount),
    payout.status,
    at(payout.arrivalDate),
    payout.automatic ? 'yes' : 'no',
    code(payout.failureCode),
  ]),
)}
${table(
  'Disputes',
  ['Id', 'Charge', 'Created', 'Amount', 'Reason', 'Status', 'Decided'],
  disputes.map((dispute) => [
    code(dispute.id),
    code(dispute.chargeId),
    at(dispute.created),
    formatEuros(dispute.amount),
    escapeHtml(dispute.reason),
    dispute.status === 'needs_response' ? `needs_response (to be ${dispute.outcome})` : dispute.status,
    dispute.closedAt === null ? `due ${at(dispute.decideAt)}` : at(dispute.closedAt),
  ]),
)}
${table(
  `Balance transactions${balanceTransactions.length > shownTransactions ? ` (the latest ${shownTransactions})` : ''}`,
  ['Id', 'Account', 'Created', 'Type', 'Amount', 'Fee', 'Net', 'Status', 'Available on', 'Source'],
  balanceTransactions
    .slice(0, shownTransactions)
    .map((transaction) => [
      code(transaction.id),
      owner(transaction.account),
      at(transaction.created),
      escapeHtml(transaction.type),
      formatEuros(transaction.amount),
      formatEuros(transaction.fee),
      formatEuros(transaction.amount - transaction.fee),
      transaction.status,
      at(transaction.availableOn),
      code(transaction.source),
    ]),
)}
${table(
  'Events',
  ['Id', 'Created', 'Type', 'Object', 'Account', 'Deliveries'],
  events
    .list()
    .map((event) => [
      code(event.id),
      at(event.created),
      escapeHtml(event.type),
      code(String(event.object.id ?? '')),
      code(event.account ?? null),
      deliveries(event),
    ]),
)}`;
}

function sendHtml(response: ServerResponse, status: number, title: string, body: string): void {
  response
    .writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
    .end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>body{font-family:system-ui;max-width:60rem;margin:2rem auto;padding:0 1rem}table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid #ddd;padding:.3rem;text-align:left;vertical-align:top}ol{margin:0;padding-left:1.2rem}.badge{display:inline-block;background:#ffde92;color:#6b4500;border-radius:4px;padding:0 .4rem}.error{color:#b00020}button{font:inherit;margin:.2rem;padding:.4rem .8rem}</style></head><body><main>${body}</main></body></html>`,
    );
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).end(JSON.stringify(body));
}

function redirect(response: ServerResponse, location: string): void {
  response.writeHead(303, { location, 'cache-control': 'no-store' }).end();
}

function parseJson(text: string): StripeObject | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' ? (value as StripeObject) : undefined;
  } catch {
    return undefined;
  }
}
