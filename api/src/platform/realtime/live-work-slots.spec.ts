import { WorkSlots } from './live-work-slots';

/** A piece of work that runs until the test lets it finish. */
function gate() {
  let open!: () => void;
  let fail!: (error: Error) => void;
  const done = new Promise<void>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { done, open, fail };
}

describe('WorkSlots', () => {
  it('runs at most its limit at once and lets the others in first come, first served', async () => {
    const slots = new WorkSlots(2);
    const started: number[] = [];
    const gates = [gate(), gate(), gate(), gate()];
    const runs = gates.map((g, index) =>
      slots.run(async () => {
        started.push(index);
        await g.done;
        return index;
      }),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1]);
    expect(slots.waiting).toBe(2);

    gates[1].open();
    await runs[1];
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1, 2]);

    // A failed piece of work gives its slot up too.
    gates[0].fail(new Error('lost connection'));
    await expect(runs[0]).rejects.toThrow('lost connection');
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1, 2, 3]);
    expect(slots.waiting).toBe(0);

    gates[2].open();
    gates[3].open();
    expect(await Promise.all([runs[2], runs[3]])).toEqual([2, 3]);
  });

  it('does not let a newcomer overtake work already waiting', async () => {
    const slots = new WorkSlots(1);
    const order: string[] = [];
    const first = gate();
    const running = slots.run(async () => {
      order.push('first');
      await first.done;
    });
    const queued = slots.run(async () => void order.push('queued'));
    first.open();
    await running;
    // Arrives as the first one ends, while the queued one holds the freed slot.
    const late = slots.run(async () => void order.push('late'));
    await Promise.all([queued, late]);
    expect(order).toEqual(['first', 'queued', 'late']);
  });
});
