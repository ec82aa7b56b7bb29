import { WrongExpectedRevisionError, type EventStore, type RecordedEvent } from '@backforge/event-store';
import { handleCommand } from './handle-command.js';
import { counterDecider } from './test-support/counter.decider.js';

const metadata = () => ({ eventId: 'e', correlationId: 'c', causationId: 'c', workspaceId: 'w', occurredAt: '2026-01-01T00:00:00.000Z', schemaVersion: 1 });

describe('handleCommand retry bound', () => {
  it('after the bounded retries a lost race is a typed CONFLICT, never swallowed', async () => {
    const opened: RecordedEvent = { streamName: 's', type: 'Opened', data: { ceiling: 100 }, metadata: metadata(), revision: 0n, position: 1n, recordedAt: '' };
    let appends = 0;
    // A log whose every append loses the race to another writer.
    const store = {
      readStream: async () => [opened],
      append: async (stream: string) => {
        appends++;
        throw new WrongExpectedRevisionError(stream, 0n, 1n);
      },
    } as unknown as EventStore;
    await expect(handleCommand(store, 's', counterDecider, { type: 'increment', by: 1 }, { metadata, maxRetries: 2 })).rejects.toMatchObject({
      code: 'CONFLICT',
      details: { stream: 's', attempts: 3 },
    });
    expect(appends).toBe(3);
  });

  it('an infrastructure failure of the append is not retried as a conflict', async () => {
    const store = {
      readStream: async () => [],
      append: async () => {
        throw Object.assign(new Error('down'), { code: 'EVENT_STORE_UNAVAILABLE' });
      },
    } as unknown as EventStore;
    await expect(handleCommand(store, 's', counterDecider, { type: 'open', ceiling: 1 }, { metadata })).rejects.toMatchObject({ code: 'EVENT_STORE_UNAVAILABLE' });
  });
});
