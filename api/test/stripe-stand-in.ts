import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Stripe at the network edge, for integration and end-to-end tests:
 * - the REST call the api makes (`POST /v1/charges`, form-encoded, bearer secret key, Idempotency-Key);
 * - the part of Stripe.js the web uses, served at `/v3/` (point STRIPE_JS_URL there).
 * Test cards: 4242424242424242 -> tok_visa (charged), 4000000000000002 -> tok_chargeDeclined (declined).
 */

export interface ChargeRecord {
  id: string;
  amount: number;
  currency: string;
  source: string;
  description: string | null;
  metadata: Record<string, string>;
  idempotencyKey: string | null;
  /** succeeded for tok_visa; failed for a declined card (Stripe keeps declined charges too). */
  status: 'succeeded' | 'failed';
}

export interface StripeStandIn {
  /** http://127.0.0.1:{port}: the value of STRIPE_API_BASE; Stripe.js is at `${url}/v3/`. */
  url: string;
  /** Every charge attempt that reached a card, in order (a repeated Idempotency-Key adds none). */
  charges: ChargeRecord[];
  close(): Promise<void>;
}

interface Answer {
  status: number;
  body: unknown;
}

const DECLINE = {
  type: 'card_error',
  code: 'card_declined',
  decline_code: 'generic_decline',
  message: 'Your card was declined.',
};

export async function startStripeStandIn(options: { port?: number } = {}): Promise<StripeStandIn> {
  const charges: ChargeRecord[] = [];
  const byIdempotencyKey = new Map<string, Answer>();

  const createCharge = (form: URLSearchParams, idempotencyKey: string | null): Answer => {
    const amount = Number(form.get('amount'));
    const currency = form.get('currency');
    const source = form.get('source') ?? '';
    if (!Number.isInteger(amount) || amount < 50) {
      return invalidRequest('amount', 'Amount must be at least $0.50 usd');
    }
    if (!currency) return invalidRequest('currency', 'Missing required param: currency.');
    if (source !== 'tok_visa' && source !== 'tok_chargeDeclined') {
      return invalidRequest('source', `No such token: '${source}'`);
    }
    const record: ChargeRecord = {
      id: `ch_${randomBytes(12).toString('hex')}`,
      amount,
      currency,
      source,
      description: form.get('description'),
      metadata: bracketed(form, 'metadata'),
      idempotencyKey,
      status: source === 'tok_visa' ? 'succeeded' : 'failed',
    };
    charges.push(record);
    if (record.status === 'failed') return { status: 402, body: { error: { ...DECLINE, charge: record.id } } };
    return { status: 200, body: chargeJson(record) };
  };

  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      send(res, 500, { error: { type: 'api_error', message: String(error) } });
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://stand-in').pathname;
    if (req.method === 'GET' && (path === '/v3' || path === '/v3/')) {
      res.writeHead(200, { 'Content-Type': 'application/javascript; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(STRIPE_JS);
      return;
    }
    if (req.method === 'POST' && path === '/v1/charges') {
      const authorization = req.headers.authorization ?? '';
      if (!/^Bearer sk_test_\S+$/.test(authorization)) {
        send(res, 401, {
          error: { type: 'invalid_request_error', message: 'Invalid API Key provided: expected a sk_test_ key.' },
        });
        return;
      }
      const form = new URLSearchParams(await readBody(req));
      const key = headerValue(req.headers['idempotency-key']);
      const answer = (key && byIdempotencyKey.get(key)) || createCharge(form, key);
      if (key) byIdempotencyKey.set(key, answer);
      send(res, answer.status, answer.body, key);
      return;
    }
    send(res, 404, {
      error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path}).` },
    });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    charges,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function invalidRequest(param: string, message: string): Answer {
  return { status: 400, body: { error: { type: 'invalid_request_error', param, message } } };
}

function chargeJson(record: ChargeRecord) {
  return {
    id: record.id,
    object: 'charge',
    amount: record.amount,
    amount_captured: record.amount,
    amount_refunded: 0,
    captured: true,
    created: Math.floor(Date.now() / 1000),
    currency: record.currency,
    description: record.description,
    livemode: false,
    metadata: record.metadata,
    outcome: { network_status: 'approved_by_network', type: 'authorized', seller_message: 'Payment complete.' },
    paid: true,
    refunded: false,
    source: { id: `card_${record.id.slice(3)}`, object: 'card', brand: 'Visa', last4: '4242' },
    status: 'succeeded',
  };
}

/** Stripe's form encoding of objects: metadata[key]=value. */
function bracketed(form: URLSearchParams, name: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form) {
    const match = new RegExp(`^${name}\\[([^\\]]+)\\]$`).exec(key);
    if (match) values[match[1]] = value;
  }
  return values;
}

function headerValue(value: string | string[] | undefined): string | null {
  return (Array.isArray(value) ? value[0] : value) || null;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, status: number, body: unknown, idempotencyKey?: string | null): void {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'Request-Id': `req_${randomBytes(8).toString('hex')}`,
  };
  if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
  res.writeHead(status, headers);
  res.end(JSON.stringify(body));
}

/**
 * The Stripe.js subset the onboarding payment modal uses: Stripe(key).elements().create('card') with mount,
 * on('change'), unmount and destroy, and createToken(card, { name }). The card element is one number input.
 */
const STRIPE_JS = String.raw`(function () {
  'use strict';
  function digits(value) { return String(value || '').replace(/\D/g, ''); }
  function complete(number) { return number.length === 16 || (number.length === 15 && /^3[47]/.test(number)); }
  function createCard(type) {
    var handlers = {};
    var input = null;
    function emit(event, payload) { (handlers[event] || []).forEach(function (handler) { handler(payload); }); }
    var card = {
      elementType: type,
      _cardNumber: function () { return input ? digits(input.value) : ''; },
      mount: function (target) {
        var container = typeof target === 'string' ? document.querySelector(target) : target;
        if (!container) throw new Error('Stripe stand-in: no element to mount the card field on: ' + target);
        if (input && input.parentNode) input.parentNode.removeChild(input);
        input = document.createElement('input');
        input.setAttribute('aria-label', 'Card number');
        input.setAttribute('autocomplete', 'cc-number');
        input.setAttribute('inputmode', 'numeric');
        input.setAttribute('placeholder', 'Card number');
        input.setAttribute('data-stripe-stand-in', 'card');
        input.style.width = '100%';
        input.addEventListener('input', function () {
          var number = digits(input.value);
          emit('change', {
            elementType: type,
            empty: number.length === 0,
            complete: complete(number),
            error: number.length > 16 ? { type: 'validation_error', message: 'Your card number is invalid.' } : undefined,
          });
        });
        input.addEventListener('focus', function () { emit('focus', { elementType: type }); });
        input.addEventListener('blur', function () { emit('blur', { elementType: type }); });
        container.appendChild(input);
        setTimeout(function () { emit('ready', { elementType: type }); }, 0);
      },
      on: function (event, handler) { (handlers[event] = handlers[event] || []).push(handler); return card; },
      off: function (event, handler) {
        handlers[event] = (handlers[event] || []).filter(function (candidate) { return candidate !== handler; });
        return card;
      },
      focus: function () { if (input) input.focus(); },
      clear: function () { if (input) input.value = ''; },
      unmount: function () { if (input && input.parentNode) input.parentNode.removeChild(input); input = null; },
      destroy: function () { card.unmount(); handlers = {}; }
    };
    return card;
  }
  window.Stripe = function (publishableKey) {
    if (!publishableKey) throw new Error('Stripe stand-in: a publishable key is required.');
    return {
      elements: function () { return { create: function (type) { return createCard(type || 'card'); } }; },
      createToken: function (card, data) {
        var number = card && card._cardNumber ? card._cardNumber() : '';
        var name = (data && data.name) || null;
        var token = function (id, last4) {
          return { token: { id: id, object: 'token', livemode: false, card: { brand: 'Visa', last4: last4, name: name } } };
        };
        if (number === '4242424242424242') return Promise.resolve(token('tok_visa', '4242'));
        if (number === '4000000000000002') return Promise.resolve(token('tok_chargeDeclined', '0002'));
        return Promise.resolve({ error: { type: 'validation_error', code: 'invalid_number', message: 'Your card number is invalid.' } });
      }
    };
  };
})();
`;
