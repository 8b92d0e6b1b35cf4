import Stripe from 'stripe';
import { runInNewContext } from 'node:vm';
import { startStripeStandIn, type StripeStandIn } from '../../test/stripe-stand-in';
import { stripeConnection } from './onboarding-payment.service';

/** A minimal DOM: enough for the stand-in's card element (one input inside a container). */
class FakeElement {
  readonly attributes: Record<string, string> = {};
  readonly children: FakeElement[] = [];
  readonly style: Record<string, string> = {};
  parentNode: FakeElement | null = null;
  value = '';
  private readonly listeners: Record<string, (() => void)[]> = {};
  constructor(readonly tagName: string) {}
  setAttribute(name: string, value: string) {
    this.attributes[name] = value;
  }
  addEventListener(event: string, listener: () => void) {
    (this.listeners[event] ??= []).push(listener);
  }
  appendChild(child: FakeElement) {
    child.parentNode = this;
    this.children.push(child);
  }
  removeChild(child: FakeElement) {
    this.children.splice(this.children.indexOf(child), 1);
    child.parentNode = null;
  }
  type(value: string) {
    this.value = value;
    this.listeners.input?.forEach((listener) => listener());
  }
}

interface StandInStripeJs {
  elements(): { create(type: string): StandInCard };
  createToken(
    card: StandInCard,
    data: { name: string },
  ): Promise<{ token?: { id: string }; error?: { message: string } }>;
}
interface StandInCard {
  mount(target: string | FakeElement): void;
  on(event: string, handler: (change: { complete: boolean }) => void): void;
  unmount(): void;
}

describe('the Stripe stand-in', () => {
  let standIn: StripeStandIn;
  let stripe: Stripe;

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    stripe = new Stripe('sk_test_unit', { ...stripeConnection(standIn.url), maxNetworkRetries: 0 });
  });
  afterAll(() => standIn.close());

  it('charges tok_visa through the real SDK, once per idempotency key', async () => {
    const params = { amount: 120000, currency: 'usd', source: 'tok_visa', metadata: { onboarding_session: 's1' } };
    const first = await stripe.charges.create(params, { idempotencyKey: 'key-1' });
    const repeat = await stripe.charges.create(params, { idempotencyKey: 'key-1' });
    expect(first).toMatchObject({ object: 'charge', amount: 120000, currency: 'usd', paid: true, status: 'succeeded' });
    expect(repeat.id).toBe(first.id);
    expect(standIn.charges).toEqual([
      expect.objectContaining({ id: first.id, metadata: { onboarding_session: 's1' }, idempotencyKey: 'key-1' }),
    ]);
  });

  it('declines tok_chargeDeclined as a card error and refuses other keys', async () => {
    const declined = stripe.charges.create({ amount: 5000, currency: 'usd', source: 'tok_chargeDeclined' });
    await expect(declined).rejects.toBeInstanceOf(Stripe.errors.StripeCardError);
    await expect(declined).rejects.toMatchObject({ code: 'card_declined', message: 'Your card was declined.' });
    const live = new Stripe('sk_live_nope', { ...stripeConnection(standIn.url), maxNetworkRetries: 0 });
    await expect(live.charges.create({ amount: 5000, currency: 'usd', source: 'tok_visa' })).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
  });

  it('serves a Stripe.js whose card field turns the test numbers into tokens', async () => {
    const script = await fetch(`${standIn.url}/v3/`);
    expect(script.headers.get('content-type')).toContain('application/javascript');
    const container = new FakeElement('div');
    const window: { Stripe?: (key: string) => StandInStripeJs } = {};
    const document = { createElement: (tag: string) => new FakeElement(tag), querySelector: () => container };
    runInNewContext(await script.text(), { window, document, setTimeout });

    const client = window.Stripe!('pk_test_unit');
    const card = client.elements().create('card');
    const changes: boolean[] = [];
    card.on('change', (change) => changes.push(change.complete));
    card.mount('#card');
    const input = container.children[0];
    expect(input.attributes).toMatchObject({ 'aria-label': 'Card number', autocomplete: 'cc-number' });

    input.type('4242 4242');
    input.type('4242424242424242');
    expect(changes).toEqual([false, true]);
    expect(await client.createToken(card, { name: 'Nina' })).toMatchObject({ token: { id: 'tok_visa' } });
    input.type('4000000000000002');
    expect(await client.createToken(card, { name: 'Nina' })).toMatchObject({ token: { id: 'tok_chargeDeclined' } });
    input.type('378282246310005');
    expect(changes[changes.length - 1]).toBe(true);
    expect(await client.createToken(card, { name: 'Nina' })).toEqual({
      error: expect.objectContaining({ message: 'Your card number is invalid.' }),
    });
    card.unmount();
    expect(container.children).toHaveLength(0);
  });
});
