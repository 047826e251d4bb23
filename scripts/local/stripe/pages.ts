/**
 * Everything under /_local/payments on the app's origin: the hosted pages Stripe would show
 * (checkout, Connect onboarding, the Express dashboard), plain HTML with plain form posts; a
 * dashboard of everything the local Stripe holds; and a JSON control surface for tests and
 * developers (events and their deliveries, resend, expire, settle a debit).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { escapeHtml } from '../../../shared/markup';
import { StripeError } from './errors';
import { readBody } from './request-body';
import type { EventLog, EventRecord } from './events';
import { CUSTOMER_ACTION, type Ledger } from './stripe-state';
import { type CheckoutSessionRecord, formatEuros, type StripeObject } from './objects';

export const PAYMENTS_PATH = '/_local/payments';

type Answer = (request: IncomingMessage, response: ServerResponse, id: string) => Promise<void> | void;

export function createPaymentPages(ledger: Ledger, events: EventLog) {
  const routes: { method: string; path: RegExp; answer: Answer }[] = [
    { method: 'GET', path: /^$/, answer: (_request, response) => sendHtml(response, 200, 'Local Stripe', dashboard(ledger, events)) },
    { method: 'GET', path: /^\/events\.json$/, answer: (_request, response) => sendJson(response, 200, events.list().map(eventSummary)) },
    { method: 'POST', path: /^\/events\/([^/]+)\/resend$/, answer: resend },
    { method: 'GET', path: /^\/checkout\/([^/]+)$/, answer: (_request, response, id) => showCheckout(response, id) },
    { method: 'POST', path: /^\/checkout\/([^/]+)$/, answer: checkoutAction },
    { method: 'POST', path: /^\/checkout\/([^/]+)\/expire$/, answer: expireSession },
    { method: 'POST', path: /^\/checkout\/([^/]+)\/settle$/, answer: settleSession },
    { method: 'GET', path: /^\/onboarding\/([^/]+)$/, answer: (request, response, token) => onboarding(request, response, token) },
    { method: 'POST', path: /^\/onboarding\/([^/]+)$/, answer: (request, response, token) => onboarding(request, response, token) },
    { method: 'GET', path: /^\/express\/([^/]+)$/, answer: (_request, response, id) => expressDashboard(response, id) },
  ];

  async function resend(_request: IncomingMessage, response: ServerResponse, id: string): Promise<void> {
    const event = events.get(id);
    if (!event) return sendJson(response, 404, { error: `No such event: ${id}` });
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
    sendHtml(
      response,
      200,
      'Express dashboard',
      `<h1>Express dashboard</h1><p>Account <code>${escapeHtml(account.id)}</code>${account.email ? ` (${escapeHtml(account.email)})` : ''}.</p><p>Payouts ${account.onboarded ? 'enabled' : 'not enabled yet'}; balance and payouts are not simulated here.</p>`,
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
    ledger.expireDue();
    const [, id = ''] = route.path.exec(subpath) as RegExpExecArray;
    await route.answer(request, response, id);
  };
}

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
  return { id: event.id, type: event.type, created: event.created, objectId: event.object.id, deliveries: event.deliveries, delivered: event.delivered };
}

function dashboard(ledger: Ledger, events: EventLog): string {
  const { sessions, accounts, charges, refunds, transfers, balance } = ledger.snapshot();
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
  const deliveries = (event: EventRecord) =>
    event.deliveries.length === 0
      ? 'not yet attempted'
      : `<ol>${event.deliveries.map((delivery) => `<li>${timeOf(delivery.at)}: ${delivery.status ?? escapeHtml(delivery.error ?? '')} (${delivery.durationMs} ms)</li>`).join('')}</ol>`;
  return `<h1>Local Stripe</h1>
<p>Test mode, in memory. Available balance: <strong>${formatEuros(balance)}</strong>. Events as JSON: <a href="${PAYMENTS_PATH}/events.json">${PAYMENTS_PATH}/events.json</a></p>
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
  ['Id', 'Created', 'Email', 'Onboarded'],
  accounts.map((account) => [code(account.id), at(account.created), escapeHtml(account.email ?? ''), account.onboarded ? 'yes' : 'no']),
)}
${table(
  'Charges',
  ['Id', 'Created', 'Amount', 'Refunded', 'Transfer group'],
  charges.map((charge) => [
    `<span id="${escapeHtml(charge.id)}">${code(charge.id)}</span>`,
    at(charge.created),
    formatEuros(charge.amount),
    formatEuros(charge.amountRefunded),
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
  ['Id', 'Created', 'Amount', 'Destination', 'Transfer group'],
  transfers.map((transfer) => [
    code(transfer.id),
    at(transfer.created),
    formatEuros(transfer.amount),
    code(transfer.destination),
    code(transfer.transferGroup),
  ]),
)}
${table(
  'Events',
  ['Id', 'Created', 'Type', 'Object', 'Deliveries'],
  events.list().map((event) => [code(event.id), at(event.created), escapeHtml(event.type), code(String(event.object.id ?? '')), deliveries(event)]),
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
