import { EventQueue } from './event-queue.js';

describe('EventQueue', () => {
  it('hands over everything buffered, up to the batch size, in order', async () => {
    const queue = new EventQueue<number>(10);
    for (const n of [1, 2, 3, 4, 5]) await queue.push(n);
    expect(await queue.take(3)).toEqual([1, 2, 3]);
    expect(await queue.take(3)).toEqual([4, 5]);
  });

  it('waits for the first item when empty', async () => {
    const queue = new EventQueue<number>(10);
    const taken = queue.take(5);
    await queue.push(7);
    expect(await taken).toEqual([7]);
  });

  it('holds the producer back at the high-water mark until the consumer takes', async () => {
    const queue = new EventQueue<number>(2);
    await queue.push(1);
    await queue.push(2);
    let third = false;
    const pushing = queue.push(3).then(() => (third = true));
    await new Promise((r) => setTimeout(r, 10));
    expect(third).toBe(false);
    expect(queue.size).toBe(2);
    expect(await queue.take(1)).toEqual([1]);
    await pushing;
    expect(third).toBe(true);
    expect(await queue.take(5)).toEqual([2, 3]);
  });

  it('drains, then reports the end', async () => {
    const queue = new EventQueue<number>(4);
    await queue.push(1);
    queue.end();
    expect(await queue.take(4)).toEqual([1]);
    expect(await queue.take(4)).toBeNull();
  });

  it('drains, then throws the failure of its source', async () => {
    const queue = new EventQueue<number>(4);
    await queue.push(1);
    queue.fail(new Error('subscription dropped'));
    expect(await queue.take(4)).toEqual([1]);
    await expect(queue.take(4)).rejects.toThrow('subscription dropped');
  });

  it('close drops the buffer and releases a waiting consumer and producer', async () => {
    const queue = new EventQueue<number>(1);
    await queue.push(1);
    const producer = queue.push(2);
    queue.close();
    await producer;
    expect(await queue.take(4)).toBeNull();
    const consumer = new EventQueue<number>(1);
    const waiting = consumer.take(1);
    consumer.close();
    expect(await waiting).toBeNull();
  });
});
