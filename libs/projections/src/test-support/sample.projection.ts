import 'reflect-metadata';
import { Column, Entity, PrimaryColumn, type DataSource, type EntityManager } from 'typeorm';
import type { EventStore, NewEvent, RecordedEvent } from '@backforge/event-store';
import { defineProjection, type Projection } from '../projection.js';

/**
 * A small read model for the runner's tests: per-list counters, the items of each list, and a
 * ledger with one row per applied event (its primary key turns a second application of the same
 * event into a loud unique violation).
 */
@Entity({ name: 'sample_list_counters' })
export class SampleListCounter {
  @PrimaryColumn({ type: 'text', name: 'stream_name' })
  streamName!: string;

  @Column({ type: 'integer', name: 'item_count' })
  itemCount!: number;

  @Column({ type: 'integer', name: 'event_count' })
  eventCount!: number;

  @Column({ type: 'bigint', name: 'last_position' })
  lastPosition!: string;
}

@Entity({ name: 'sample_list_items' })
export class SampleListItem {
  @PrimaryColumn({ type: 'text', name: 'stream_name' })
  streamName!: string;

  @PrimaryColumn({ type: 'integer', name: 'item_no' })
  itemNo!: number;

  @Column({ type: 'text' })
  label!: string;

  @Column({ type: 'integer' })
  renames!: number;

  @Column({ type: 'text', name: 'added_at' })
  addedAt!: string;
}

@Entity({ name: 'sample_applied_events' })
export class SampleAppliedEvent {
  @PrimaryColumn({ type: 'bigint' })
  position!: string;

  @Column({ type: 'text', name: 'event_id' })
  eventId!: string;

  @Column({ type: 'text', name: 'event_type' })
  eventType!: string;
}

/** Counts events per type, over every stream: a second projection sharing the runner. */
@Entity({ name: 'sample_type_counts' })
export class SampleTypeCount {
  @PrimaryColumn({ type: 'text', name: 'event_type' })
  eventType!: string;

  @Column({ type: 'integer' })
  count!: number;
}

export const sampleEntities = [SampleListCounter, SampleListItem, SampleAppliedEvent];
export const allSampleEntities = [...sampleEntities, SampleTypeCount];

export function typeCountProjection(options: { afterApply?: SampleProjectionOptions['afterApply'] } = {}): Projection {
  return defineProjection({
    name: 'sample-type-counts',
    version: 1,
    entities: [SampleTypeCount],
    async apply(event, tx) {
      await tx.query(
        'INSERT INTO sample_type_counts (event_type, count) VALUES ($1, 1) ON CONFLICT (event_type) DO UPDATE SET count = sample_type_counts.count + 1',
        [event.type],
      );
      await options.afterApply?.(event, tx);
    },
  });
}

export interface SampleProjectionOptions {
  name?: string;
  version?: number;
  /** How labels are stored; a new version may change it (and must then rebuild). */
  label?: (raw: string) => string;
  /** Called inside the transaction after the event's rows are written (test hooks: hang, throw, count). */
  afterApply?: (event: RecordedEvent, tx: EntityManager) => Promise<void>;
}

export const sampleEventTypes = ['ItemAdded', 'ItemRenamed', 'ItemRemoved'];

export function sampleProjection(options: SampleProjectionOptions = {}): Projection {
  const label = options.label ?? ((raw: string) => raw);
  return defineProjection({
    name: options.name ?? 'sample-lists',
    version: options.version ?? 1,
    entities: sampleEntities,
    filter: { streamPrefixes: ['list-'], eventTypes: sampleEventTypes },
    async apply(event, tx) {
      const streamName = event.streamName;
      const itemNo = Number(event.data.itemNo);
      const counters = tx.getRepository(SampleListCounter);
      const items = tx.getRepository(SampleListItem);
      const counter = (await counters.findOneBy({ streamName })) ?? { streamName, itemCount: 0, eventCount: 0, lastPosition: '0' };
      switch (event.type) {
        case 'ItemAdded':
          await items.insert({ streamName, itemNo, label: label(textOf(event.data.label)), renames: 0, addedAt: event.metadata.occurredAt });
          counter.itemCount += 1;
          break;
        case 'ItemRenamed':
          await items.update({ streamName, itemNo }, { label: label(textOf(event.data.label)), renames: () => 'renames + 1' });
          break;
        case 'ItemRemoved':
          await items.delete({ streamName, itemNo });
          counter.itemCount -= 1;
          break;
        default:
          throw new Error(`sample projection received an event outside its filter: ${event.type}`);
      }
      counter.eventCount += 1;
      counter.lastPosition = event.position.toString();
      await counters.save(counter);
      await tx.getRepository(SampleAppliedEvent).insert({ position: event.position.toString(), eventId: event.metadata.eventId, eventType: event.type });
      await options.afterApply?.(event, tx);
    },
  });
}

function textOf(value: unknown): string {
  if (typeof value !== 'string') throw new Error(`expected a string label, got ${typeof value}`);
  return value;
}

/** A deterministic pseudo-random sequence (mulberry32), so two processes can produce the same log. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface SampleAppend {
  streamName: string;
  event: NewEvent;
}

/**
 * `count` appends over a few lists: adds, renames and removes of existing items, plus noise the
 * projection must ignore (another event type on a list, list events on a foreign stream prefix).
 */
export function sampleEvents(count: number, seed = 1, lists = 5): SampleAppend[] {
  const random = prng(seed);
  const live = new Map<string, number[]>();
  const nextNo = new Map<string, number>();
  const out: SampleAppend[] = [];
  for (let i = 0; i < count; i++) {
    const list = `list-${seed}-${Math.floor(random() * lists)}`;
    const existing = live.get(list) ?? [];
    const roll = random();
    const pick = existing[Math.floor(random() * existing.length)];
    const metadata = {
      eventId: `evt-${seed}-${i}`,
      correlationId: `corr-${seed}-${i}`,
      causationId: `cause-${seed}-${i}`,
      workspaceId: 'ws-test',
      occurredAt: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
      schemaVersion: 1,
    };
    if (roll < 0.08) {
      out.push({ streamName: list, event: { type: 'ListPinged', data: { n: i }, metadata } });
    } else if (roll < 0.14) {
      out.push({ streamName: `other-${seed}-${i % 3}`, event: { type: 'ItemAdded', data: { itemNo: i, label: `foreign ${i}` }, metadata } });
    } else if (roll < 0.3 && pick !== undefined) {
      live.set(list, existing.filter((n) => n !== pick));
      out.push({ streamName: list, event: { type: 'ItemRemoved', data: { itemNo: pick }, metadata } });
    } else if (roll < 0.55 && pick !== undefined) {
      out.push({ streamName: list, event: { type: 'ItemRenamed', data: { itemNo: pick, label: `item ${pick} v${i}` }, metadata } });
    } else {
      const itemNo = (nextNo.get(list) ?? 0) + 1;
      nextNo.set(list, itemNo);
      live.set(list, [...existing, itemNo]);
      out.push({ streamName: list, event: { type: 'ItemAdded', data: { itemNo, label: `item ${itemNo}` }, metadata } });
    }
  }
  return out;
}

/** Appends one by one (each its own position); returns the position of the last append. */
export async function appendAll(store: EventStore, appends: readonly SampleAppend[]): Promise<bigint> {
  let last = 0n;
  for (const { streamName, event } of appends) {
    last = (await store.append(streamName, [event], 'any')).position;
  }
  return last;
}

export interface SampleSnapshot {
  counters: unknown[];
  items: unknown[];
  applied: unknown[];
}

/** The whole read model in a stable order, for exact comparisons. */
export async function sampleSnapshot(dataSource: DataSource | EntityManager): Promise<SampleSnapshot> {
  return {
    counters: await dataSource.query('SELECT * FROM sample_list_counters ORDER BY stream_name'),
    items: await dataSource.query('SELECT * FROM sample_list_items ORDER BY stream_name, item_no'),
    applied: await dataSource.query('SELECT * FROM sample_applied_events ORDER BY position'),
  };
}
