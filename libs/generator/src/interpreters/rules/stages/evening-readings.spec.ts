import type { Blueprint } from '@backforge/blueprint';
import { interpretPrompt } from '../interpret.js';

const read = (prompt: string): Blueprint => {
  const r = interpretPrompt('x', prompt);
  if (!r.ok) throw new Error(`refused: ${r.error.missing.join('; ')}`);
  return r.blueprint;
};

describe('everyday readings (session 2026-11-28 evening)', () => {
  it('"cancel jobs" with no status keeps the job, marked cancelled once, beside a delete', () => {
    const bp = read('When a customer calls we create a job with their address and the visit date. We also need to cancel jobs.');
    const job = bp.resources.find((r) => r.name === 'Job');
    expect(job?.fields.find((f) => f.name === 'cancelled')).toMatchObject({ type: 'boolean', default: false, generated: 'managed' });
    expect(bp.actions.find((a) => a.name === 'cancelJob')).toMatchObject({
      kind: 'transition',
      guards: [{ field: 'cancelled', op: 'ne', value: { literal: true } }],
      effects: [{ set: 'cancelled', to: { literal: true } }],
    });
    expect(bp.actions.some((a) => a.kind === 'delete' && a.resource === 'Job')).toBe(true);
  });

  it('a cancel with a condition and no status to hold it stays a delete with the condition named', () => {
    const r = interpretPrompt('x', 'Print jobs have a file name and pages. Cancel a print job while it is queued.');
    expect(r.ok && r.blueprint.actions.some((a) => a.kind === 'transition')).toBe(false);
    expect(r.ok && r.warnings.some((w) => w.includes('while it is queued'))).toBe(true);
  });

  it('a booking kept as cancelled frees its place: by the cancelled flag, or by the status value', () => {
    const flag = read('Classes have a title and a max size. Members book a class with their name. A class cannot take more bookings than its max size. Members can cancel a booking.');
    expect(flag.rules).toContainEqual(expect.objectContaining({ kind: 'capacity', resource: 'Booking', freedWhen: { field: 'cancelled', value: true } }));
    const status = read('Workshops have a title and a number of seats. Bookings have a workshop, a name and a status (booked, attended, cancelled). A booking can\'t be made when the workshop is full. Guests can cancel a booking.');
    expect(status.rules).toContainEqual(expect.objectContaining({ kind: 'capacity', resource: 'Booking', freedWhen: { field: 'status', value: 'cancelled' } }));
  });
});
