import { interpretPrompt } from '../rules/interpret.js';
import { outcomeOf } from './batch-match.js';

describe('the fresh-batch judge', () => {
  const r = interpretPrompt('parcels', 'Parcels have a tracking code and a weight in kg. Couriers have a name and a max load in kg. List parcels by weight.');

  it('reads a unit at the end of a field name as a naming style, either way round', () => {
    expect(r.ok && r.blueprint.resources.find((x) => x.name === 'Parcel')?.fields.map((f) => f.name)).toContain('weightKg');
    const plain = { resources: { Parcel: ['trackingCode', 'weight'], Courier: ['name', 'maxLoad'] }, actions: ['create Parcel', 'list Parcel by weight'], types: { 'Parcel.weight': 'number' } };
    expect(outcomeOf(r, plain)).toEqual({ outcome: 'faithful', problems: [] });
  });

  it('still tells two units apart, and a different name from a unit', () => {
    const grams = { resources: { Parcel: ['trackingCode', 'weightGrams'], Courier: ['name', 'maxLoadKg'] }, actions: ['create Parcel'] };
    expect(outcomeOf(r, grams).problems).toEqual(['Parcel lacks weightGrams', 'Parcel has unasked fields weightKg']);
    const other = { resources: { Parcel: ['trackingCode', 'mass'], Courier: ['name', 'maxLoadKg'] }, actions: ['create Parcel'] };
    expect(outcomeOf(r, other).problems).toEqual(['Parcel lacks mass', 'Parcel has unasked fields weightKg']);
  });

  it('answers "list R" with any list of R, its filters being optional, and still wants the filters asked for', () => {
    expect(r.ok && r.blueprint.actions.filter((a) => a.kind === 'list' && a.resource === 'Parcel').map((a) => (a.kind === 'list' ? a.filters.map((f) => f.field) : []))).toEqual([['weightKg']]);
    const both = { resources: { Parcel: ['trackingCode', 'weightKg'], Courier: ['name', 'maxLoadKg'] }, actions: ['list Parcel', 'list Parcel by weightKg'] };
    expect(outcomeOf(r, both).problems).toEqual([]);
    const other = { resources: { Parcel: ['trackingCode', 'weightKg'], Courier: ['name', 'maxLoadKg'] }, actions: ['list Parcel by trackingCode', 'list Courier by name'] };
    expect(outcomeOf(r, other).problems).toEqual(['no action list Parcel by trackingCode', 'no action list Courier by name']);
  });

  it('reads "Id" at the end of a link as a naming style, for links only', () => {
    const trips = interpretPrompt('punts', 'Punts have a name and seats. Trips belong to a punt and have a date and a group size.');
    expect(trips.ok && trips.blueprint.resources.find((x) => x.name === 'Trip')?.fields.map((f) => f.name)).toContain('punt');
    const withId = { resources: { Punt: ['name', 'seats'], Trip: ['puntId', 'date', 'groupSize'] }, actions: ['create Trip', 'list Trip by puntId'] };
    // (the list of trips filters on their punt, as every list does on its links: `list Trip by puntId` is answered)
    expect(outcomeOf(trips, withId).problems).toEqual([]);
    expect(outcomeOf(trips, { ...withId, actions: ['list Trip by puntIdentifier'] }).problems).toEqual(['no action list Trip by puntIdentifier']);
    // a field that is not a link keeps its name: `nameId` is not `name`
    const notALink = { resources: { Punt: ['nameId', 'seats'], Trip: ['punt', 'date', 'groupSize'] }, actions: ['create Trip'] };
    expect(outcomeOf(trips, notALink).problems).toEqual(['Punt lacks nameId', 'Punt has unasked fields name']);
  });
});
