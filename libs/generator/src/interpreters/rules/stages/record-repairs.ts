import { plural } from '../text.js';
import type { Repair } from './repairs.js';

/**
 * Stage 0, continued: repairs that say which records a sentence makes ("Witnesses are attached to
 * an inquest with ...", "our tanks - each has ..."), in the words the declaration readers read.
 * Each is an entry of stages/repairs.ts's registry, which runs them in order.
 */

/** "Witnesses have an inquest, ": the records, then the one they are made for, as a declaration opens. */
const have = (records: string, parent: string, an = false): string => `${records.charAt(0).toUpperCase()}${records.slice(1)} have ${an || /^[aeiou]/.test(parent) ? 'an' : 'a'} ${parent}, `;

/** ("our grow-out tanks - each has a unique code, ...": what each record has, after a dash) */
export const EACH_HAS_AFTER_DASH: Repair = {
  name: 'what each record has, after a dash',
  examples: [
    ['keep track of our grow-out tanks - each has a unique code, water temperature', 'keep track of our grow-out tanks, each with a unique code, water temperature'],
    ['Guides - each one has a name and a phone', 'Guides, each with a name and a phone'],
    // (after a colon the sentence readers read it: "We keep track of plots: each has ...")
    ['We keep track of plots: each has a plot reference', 'We keep track of plots: each has a plot reference'],
    ['the bikes - each needs a service', 'the bikes - each needs a service'],
  ],
  apply: (t) => t.replace(/(?<=[a-z]s)[ \t]+[-–—][ \t]+(?:each|every)(?:[ \t]+one)?[ \t]+(?:has|have|with|having|gets|carries)[ \t]+/gi, ', each with '),
};

/**
 * ("Witnesses are attached to an inquest with their name, ...", "Volunteers send in observations
 * for a project: their name, ...", "the teacher marks each pupil's attendance with the date":
 * records made for another, whoever makes them, have that record and the list)
 */
export const RECORDS_MADE_FOR_ANOTHER: Repair = {
  name: 'records made for another',
  examples: [
    ['Witnesses are attached to an inquest with their name, their role', 'Witnesses have an inquest, their name, their role'],
    ['Conferences are arranged for a referral with a start time, venue and facilitator', 'Conferences have a referral, a start time, venue and facilitator'],
    ['Volunteers send in observations for a project: their name, the species', 'Observations have a project, their name, the species'],
    ['Every morning the teacher marks each pupil\'s attendance with the date and a code', 'Attendances have a pupil, the date and a code'],
    ['Bookings are made for a class.', 'Bookings are made for a class.'],
    ['Complaints from neighbours are logged against a blast with their address', 'Complaints from neighbours are logged against a blast with their address'],
  ],
  apply: (t) =>
    t
      // (the records open their sentence: "Complaints from neighbours are logged against a blast" is left to the readers)
      .replace(/(^|[.!?;][ \t]+|\n[ \t]*)(?:the[ \t]+)?([A-Za-z]+s)[ \t]+(?:are|get)[ \t]+(?:[a-z]+ed|made|sent|given|held|kept|taken|written|run|put)[ \t]+(?:to|for|against|on|with|under)[ \t]+(a|an|each|one|the)[ \t]+([a-z]+)(?:[ \t]+with[ \t]+|:[ \t]+)/g, (_m, start: string, what: string, article: string, parent: string) =>
        `${start}${have(what, parent, article === 'an')}`)
      .replace(/\b(?:the[ \t]+)?[a-z]+s?[ \t]+(?:send|sends)[ \t]+in[ \t]+([a-z]+s)[ \t]+(?:for|against|on|to)[ \t]+(?:a|an|each|one)[ \t]+([a-z]+)(?:[ \t]+with[ \t]+|:[ \t]+)/gi, (_m, what: string, parent: string) => have(what, parent))
      .replace(/\b(?:(?:every|each)[ \t]+(?:morning|day|evening|night|week|month|session|lesson|time)[ \t]+)?(?:the[ \t]+)?[a-z]+[ \t]+(?:marks|records|logs|takes|enters|notes)[ \t]+(?:each|every)[ \t]+([a-z]+)'s[ \t]+([a-z]+)[ \t]+with[ \t]+/gi, (_m, parent: string, what: string) => have(plural(what), parent)),
};
