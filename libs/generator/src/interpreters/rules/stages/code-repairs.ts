import { CURRENCY_UNITS, MEASURE_UNITS, MORE_UNITS } from '../lexicon.js';
import type { Repair } from './repairs.js';

/**
 * Stage 0, continued: repairs of what a spec writes as code or as a sign ("bookings per tour <=
 * tour.seats", "payment.amount <= demand.amount", "rate in kg/ha", "methane %"), read as the words
 * the readers know. Run in place among stages/repairs.ts's entries (REPAIRS spreads them there).
 */

/** "in kg/ha", "(m/s)": a unit of measure over another (the first a unit this lexicon knows or a count of colonies, cells or units). */
const UNIT_WORD = `(?:${[...MEASURE_UNITS, ...MORE_UNITS, ...CURRENCY_UNITS, 'm', 'l', 'cfu', 'ug', 'µg', 'mol', 'cells', 'units', 'copies', 'items'].sort((a, b) => b.length - a.length).join('|')})`;
const COMPOUND_UNIT = new RegExp(`[ \\t]+(?:in[ \\t]+${UNIT_WORD}[ \\t]*\\/[ \\t]*\\d*[a-z]+\\d*\\b|\\([ \\t]*${UNIT_WORD}[ \\t]*\\/[ \\t]*\\d*[a-z]+\\d*[ \\t]*\\))`, 'gi');

export const CODE_REPAIRS: Repair[] = [
  /** ("bookings per tour <= tour.seats": a capacity written as code) */
  {
    name: 'a capacity written as code',
    examples: [['* bookings per tour <= tour.seats', '* bookings per tour must not exceed seats'], ['entries per race ≤ race.max_runners', 'entries per race must not exceed max runners'], ['count per day <= 5', 'count per day <= 5']],
    apply: (t) => t.replace(/\b([a-z]+s)[ \t]+(per|for each|for a)[ \t]+([a-z]+)[ \t]*(?:<=|≤|=<)[ \t]*(?:([a-z]+)\.)?([A-Za-z][A-Za-z_]*)\b/gi, (all, records: string, per: string, parent: string, owner: string | undefined, field: string) =>
      owner !== undefined && owner.toLowerCase() !== parent.toLowerCase() ? all : `${records} ${per} ${parent} must not exceed ${field.replace(/_/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()}`),
  },
  /** ("rule: payment.amount <= demand.amount": a comparison with the record it belongs to, written as code) */
  {
    name: 'a comparison between two records written as code',
    examples: [
      ['rule: payment.amount <= demand.amount', "rule: a payment's amount can't be more than its demand's amount"],
      ['bid.amount > lot.reserve_price', "a bid's amount must be more than its lot's reserve price"],
      ['shift.date >= vessel.arrivalDate', "a shift's date can't be less than its vessel's arrival date"],
      ['x.a <= x.b', 'x.a <= x.b'],
      ['purchase.tonnes must not exceed project.tonnesAvailable', "a purchase's tonnes must not exceed its project's tonnes available"],
    ],
    apply: (t) => t.replace(/\b([a-z]+)\.([A-Za-z][A-Za-z_]*)[ \t]*(<=|≤|=<|<|>=|≥|=>|>|[ \t](?:must|should|can|cannot|can't|may|is|has to)\b[^.;:\n]{0,40}?[ \t])[ \t]*([a-z]+)\.([A-Za-z][A-Za-z_]*)\b/gi, (all, child: string, field: string, op: string, parent: string, other: string) => {
      if (child.toLowerCase() === parent.toLowerCase()) return all;
      const words = (name: string): string => name.replace(/_/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
      const said = /^(?:<=|≤|=<)$/.test(op) ? "can't be more than" : op === '<' ? 'must be less than' : /^(?:>=|≥|=>)$/.test(op) ? "can't be less than" : op === '>' ? 'must be more than' : op.trim();
      return `a ${child.toLowerCase()}'s ${words(field)} ${said} its ${parent.toLowerCase()}'s ${words(other)}`;
    }),
  },
  /** ("face velocity in m/s", "rate in kg/ha", "E. coli (cfu/100ml)": a unit per unit is a measure, never a choice of values) */
  {
    name: 'a unit per unit',
    examples: [
      ['face velocity in m/s and the result', 'face velocity (decimal) and the result'],
      ['rate in kg/ha, date applied', 'rate (decimal), date applied'],
      ['E. coli (cfu/100ml)', 'E. coli (decimal)'],
      ['speed (km/h)', 'speed (decimal)'],
      ['size in/out', 'size in/out'],
      ['type (A/B)', 'type (A/B)'],
    ],
    apply: (t) => t.replace(COMPOUND_UNIT, ' (decimal)'),
  },
  /** ("methane %, co2 %": a percent sign after a name says a number) */
  {
    name: 'a percent sign after a name',
    examples: [['readings: methane %, co2 %, oxygen %', 'readings: methane (number), co2 (number), oxygen (number)'], ['discount 10 %', 'discount 10 %'], ['health % 0 to 100', 'health % 0 to 100']],
    apply: (t) => t.replace(/(?<=[a-z0-9])[ \t]*%(?=[ \t]*(?:[,;.)\n]|$|and\b|or\b))/gim, (sign: string, at: number, all: string) => (/\d[ \t]*$/.test(all.slice(Math.max(0, at - 12), at)) && !/[a-z][0-9]$/i.test(all.slice(Math.max(0, at - 12), at)) ? sign : ' (number)')),
  },
  /** ("latitude / longitude", "lat and long", "latitude + longitude": two coordinates, each a field (17 of 17 writers)) */
  {
    name: 'a latitude and a longitude',
    examples: [['- latitude / longitude', '- latitude, longitude'], ['deployment date, latitude + longitude where deployed', 'deployment date, latitude, longitude where deployed'], ['set (lat and long)', 'set (latitude, longitude)'], ['lat: number', 'lat: number']],
    apply: (t) => t.replace(/\blat(?:itude)?[ \t]*(?:\/|\+|&|,?[ \t]+and\b)[ \t]*(?:a[ \t]+)?(?:long(?:itude)?|lng|lon)\b/gi, 'latitude, longitude'),
  },
  /** ("PurchaseOrder: ..." and later "create a PO", "list POs"): initials stand for the name written in full elsewhere */
  {
    name: 'initials of a name written in code',
    examples: [
      ['PurchaseOrder: poNumber\ncreate a PO, list POs by supplier', 'PurchaseOrder: poNumber\ncreate a purchase order, list purchase orders by supplier'],
      ['WorkOrder: code. GET by ID', 'WorkOrder: code. GET by ID'],
      ['We map with OpenStreetMap. Sign-ups: OSM username', 'We map with OpenStreetMap. Sign-ups: OSM username'],
    ],
    apply: (t) => {
      const names = new Map<string, string>();
      // (only a record's name: a label before its fields, or what a link points at; "OpenStreetMap" in a sentence stays)
      for (const m of t.matchAll(/(?:\b|(?<=(?:->|→)\s*))([A-Z][a-z]+(?:[A-Z][a-z]+)+)(?=\s*:|\b(?<=(?:->|→)\s*[A-Za-z]+))/g)) {
        const words = (m[1] as string).replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
        const initials = words.split(' ').map((w) => (w[0] as string).toUpperCase()).join('');
        names.set(initials, names.has(initials) && names.get(initials) !== words ? '' : words);
      }
      return t.replace(/\b([A-Z]{2,4})(s?)\b/g, (all, initials: string, s: string) => {
        const words = names.get(initials);
        return words ? `${words}${s}` : all;
      });
    },
  },
];
