/**
 * The floors of the fresh batches joined to the corpus (docs/prompts.md, "Measuring on fresh
 * prompts"), checked by batches.spec.ts. Their figures may only improve: each floor below is the
 * figure recorded after the fixes of issue 8.
 */
// (session 2026-11-29 sixth, every list narrowed by its links, states, dates and yes/no fields: 11, 15, 16, 19, 20, 22, 25, 27, 28, 29, 30, 32, 34, 36, 37, 38, 43, 45, 46, 48, 49, 52, 56, 57, 58, 61, 62, 63, 66, 67, 68 up to their figures)
// (session 2026-11-29 sixth: 36, 42, 61, 62, 63 and 69 up by one faithful each (lifecycle verbs, "who collected it",
// "date and time observed", a unit the lexicon does not know), 36, 42, 63 and 69 one fewer silently wrong)
// (session 2026-11-29 fourth: every floor set to the figures at its end, 19 batches up)
// (floors raised to the figures at the end of session 2026-11-28 afternoon: 13, 16, 22-26, 34, 37, 39; before that, at the end of session 2026-11-28 late: 08, 10, 14, 15, 20, 22, 25 faithful up;
// 20, 22, 25, 26 silently wrong down)
// (session 2026-11-29 second: every floor set to the figures at its end, 36 faithful floors up; silently wrong up by one
// in four batches where a prompt read better lost the unrelated warning that had named its other miss: 10 tenant
// issues (the status its lifecycle now has is not in its expectation), 29 auditions ("schedule auditions" no longer
// a gap), 42 tortilla factory and 50 trellis orders (named Order now, as meant; the naming note had covered a quantity
// in dozens and a width's type))
export const BATCH_FLOORS: Record<string, { faithful: number; silentlyWrongAtMost: number }> = {
  // (6 since session 2026-11-28 night: restaurant bookings' 'party size must be at least 1' is read now, and
  // the warning on it had covered its date and time, asked as one field)
  '08': { faithful: 11, silentlyWrongAtMost: 6 },
  // (09 and 13 one fewer since session 2026-11-28 late: "maximum runners" is named maxRunners and "type of
  // repair" repairType, as 11 of 13 and 4 of 5 writers of the fresh batches named such fields; the marathon's
  // and shoe repair's writers were the exceptions)
  '09': { faithful: 16, silentlyWrongAtMost: 4 },
  '10': { faithful: 18, silentlyWrongAtMost: 2 },
  // Batch 11: first contact was 1 faithful / 5 silently wrong (docs/prompts.md). Two prompts
  // (archery, golf) count as silently wrong since records are named by their head (interp4): the
  // naming note that made them "gaps named" said nothing of their real misses (a total typed as a
  // number, strokes as a list, a record made from "with my frends").
  // (15 until 2026-11-27 evening: "keep track of my vinyl records" gave `Record` by accident, the
  // words "of my" making the subject long enough to cut; read as "track my vinyl records" it keeps
  // its generic head's qualifier, `VinylRecord`, and says so in a naming note)
  '11': { faithful: 17, silentlyWrongAtMost: 4 },
  // Batch 12: first contact 2 faithful / 2 silently wrong, 2 / 4 on interp4 (still first contact),
  // then fixes made for it (docs/prompts.md)
  // (12: 3 silently wrong since session 2026-11-29 (third): the taxi dispatch title "(small town, 12 cars)" is read as a title now; the warning it drew had been the only one, and driver optional / fare a number are still not read)
  '12': { faithful: 16, silentlyWrongAtMost: 3 },
  // Batch 13: first contact 1 faithful / 4 silently wrong (docs/prompts.md), before any fix for
  // it; then the session's general fixes (sections, sentence splits, units, phone number)
  '13': { faithful: 20, silentlyWrongAtMost: 1 },
  // Batch 14: first contact 4 faithful / 13 silently wrong (docs/prompts.md), then the session's
  // general mechanisms (2026-11-27: rules between records, records made with a verb, field notes)
  // (20 from session 2026-11-27 late: parent guards read in more words)
  // (21 from session 2026-11-28: stamps' list read before refusing, face value kept whole)
  '14': { faithful: 28, silentlyWrongAtMost: 2 },
  // Batch 15: first contact on the session's interpreter, 10 faithful / 7 silently wrong; then
  // fixes its failures suggested (not first contact)
  // (4 since session 2026-11-28 late: photo club's "| status | open / judging / closed |" is read as values and its
  // "only while the competition is open" with them, so the warning that had covered its optional score is gone)
  '15': { faithful: 25, silentlyWrongAtMost: 4 },
  // Batch 16: first contact 6 faithful / 12 silently wrong (docs/prompts.md); then two of its
  // refusals, blueprints the validator refused, fixed (a date compared with a count, a record named "2027")
  // (7 silently wrong until 2026-11-27 evening: "Our pony club runs rallies ..." is now read as context,
  // so the warning on it, which had counted that prompt's unrelated misses as named, is gone)
  '16': { faithful: 23, silentlyWrongAtMost: 4 },
  // Batch 17: first contact 3 faithful / 7 silently wrong (docs/prompts.md, session 2026-11-27
  // evening), then the general fixes made after it
  '17': { faithful: 35, silentlyWrongAtMost: 0 },
  // Batch 18: first contact 10 faithful / 5 silently wrong (docs/prompts.md), written blind beside
  // batch 17 and sealed until the session's interpreter was final; then three general fixes (13/21/5/1)
  '18': { faithful: 31, silentlyWrongAtMost: 1 },
  // Batch 19 (A-L) and batch 20 (M-Z): written blind at the same time by two helpers, sealed and
  // run once on main's interpreter (e77b95e) before any change of session 2026-11-27 night: first
  // contact 3 / 30 / 4 / 3 and 7 / 28 / 3 / 2 (docs/prompts.md); then the session's general fixes
  // (session 2026-11-28 late: capacities read however said; where the misread capacity clause had been
  // the only warning, the prompt's other misses are now seen to be silent: 19 abseil, 21 bookbinding,
  // 24 speed dating, 25 jiu-jitsu, each one more silently wrong)
  '19': { faithful: 16, silentlyWrongAtMost: 2 },
  '20': { faithful: 24, silentlyWrongAtMost: 1 },
  // Batch 21 (A-L) and batch 22 (M-Z): written blind at the same time, sealed and run once on main's
  // interpreter (3c39b11) before any change of session 2026-11-27 late: first contact 2 / 31 / 5 / 2
  // and 2 / 26 / 7 / 5 (docs/prompts.md); 3 / 31 / 4 / 2 and 3 / 26 / 6 / 5 with units in names
  // taken as a naming style; then the session's general fixes
  // (5 since session 2026-11-28 day: axe throwing's "a lane that's out of service can't be booked" is read now as the parent guard asked for, and the warning on it had
  // covered the prompt's other misses: a lane number's bound)
  // (6 since session 2026-11-28 afternoon: calligraphy's "So i know what's urgent" is talk about the writer in the last
  // stage too, so the warning on it, which had covered two misnamed fields, is gone)
  '21': { faithful: 14, silentlyWrongAtMost: 5 },
  // (22: opera's "**We need to:** ..., see the cast of a production" is read now, and "the cast" as
  // one cast member, a get: the warning on "We need to" that had made its miss named is gone)
  // (4 since session 2026-11-28 night 2: oil deliveries' "Minimum order is 500 litres." is read now as the order's least
  // quantity, and the warning on it had covered the prompt's other miss: litres the writer counted in whole numbers)
  '22': { faithful: 19, silentlyWrongAtMost: 3 },
  // Batches 23 (A-L) and 24 (M-Z): written blind during session 2026-11-27 late and run once on its
  // interpreter as it stood then (005e915): first contact 1 / 20 / 12 / 7 and 5 / 22 / 6 / 7 (docs/prompts.md)
  // (session 2026-11-28: the lists of six refused prompts read by stages/anchored-lists.ts; two of them,
  // airsoft and eid sweets, now misname a field or miss a filter without a warning, so 14 silently wrong)
  // (15 since session 2026-11-28 late: garden club bulbs now reads "the guest list"-style requests and its
  // name and values, so the one warning that had covered its miss, an update taken for granted, is gone)
  // (23: 13 silently wrong since session 2026-11-28 night 4: the canal moorings are a Mooring now, not a NumberedMooring,
  // and the warnings that named the missing record went with it; 'max boat length in metres' and 'nights' still differ)
  // (23: 14 silently wrong since session 2026-11-29 (third): the cocktail bar's "bottles in stock" is bottlesInStock now (writers keep "in stock" after a plural, 10 of 10), the writer meant inStock; the warning that named the old name went)
  '23': { faithful: 6, silentlyWrongAtMost: 14 },
  // (7 since 'bookings = client name, ...' is read: photo booth hire went from refused to one miss, hours typed as a number)
  // (8 since session 2026-11-28: toastmasters went from refused to one misnamed field, speechTitle for title)
  // (9 since session 2026-11-28 afternoon: valet parking's talk about the writer is ignored in the last stage too, and
  // the warning on it had covered three misnamed fields)
  '24': { faithful: 11, silentlyWrongAtMost: 8 },
  // Batches 25 (A-L) and 26 (M-Z): written blind during session 2026-11-28, sealed and run once on its
  // interpreter as it stood then (7d616f7): first contact 3 / 32 / 4 / 1 and 4 / 28 / 7 / 1 (docs/prompts.md)
  // (25: e-bike hire's parent guard is read now that "thats" is "that's", and the warning on it had
  // covered its misread sizes: 5 silently wrong; 26: mead, underfloor heating faithful, 6)
  // (6 since session 2026-11-28 day: the flea market's "no bookings on a cancelled market day" is read now as the parent guard asked for, and the warning on it had
  // covered the prompt's other misses: pitch codes read from a table's ranges, a category's name)
  // (25: 7 silently wrong since session 2026-11-29 (third): the aikido grading is read from "each grading has ..." as a list; rank is still rankTestedFor, and the warning the sentence reading gave went)
  '25': { faithful: 9, silentlyWrongAtMost: 7 },
  '26': { faithful: 10, silentlyWrongAtMost: 3 },
  // Batches 27 (A-L) and 28 (M-Z): written blind during session 2026-11-28 late, sealed and run once on its
  // interpreter as it stood then (e3740f9): first contact 4 / 28 / 8 / 0 and 10 / 20 / 9 / 1 (docs/prompts.md)
  // (then the session's later fixes, not first contact: 27 ceilidh faithful; "every lesson for a client" and
  // "the models for a member" now read, so elocution's plain list and the club's frequency show as silent misses)
  // (10 since session 2026-11-28 night: basket weaving's 'book a place' no longer makes a Place, and the
  // warning on it had covered its plain lists and 'dietary needs for lunch')
  '27': { faithful: 13, silentlyWrongAtMost: 6 },
  '28': { faithful: 19, silentlyWrongAtMost: 8 },
  // Batches 29 (A-L) and 30 (M-Z): written blind at the start of session 2026-11-28 night (the writers
  // did not run the interpreter), run once on main's interpreter as the previous session left it
  // (06daa3c) before any change: first contact 3 / 29 / 6 / 2 and 3 / 33 / 2 / 2 (docs/prompts.md)
  // (session 2026-11-28 night, after the first contact: every record can be updated, +12 faithful over 08-30)
  // (29: air quality's readings are a record of their own now, and its three type misses show as silent:
  // the warning that had named them was on the readings folded into the sensor)
  // (8: coin collection, refused at first contact, is read now but for `grade`, named conditionGrade)
  '29': { faithful: 7, silentlyWrongAtMost: 9 },
  // (writers' retreat: its booking, capacity and deposit read now; 'see who has booked onto each one' and
  // the deposit named `paid` are its silent misses)
  // (qigong, refused at first contact, is read now but for `name` and `phone`, named personName, phoneNumber)
  // (30: 4 silently wrong since session 2026-11-29 (third): the rainwater readings are read from "each reading has ..." as a list; level is still waterLevelLitres, and the warning the sentence reading gave went)
  '30': { faithful: 14, silentlyWrongAtMost: 3 },
  // Batches 31 (A-L) and 32 (M-Z): written blind during session 2026-11-28 night (the writers did not run the
  // interpreter), sealed while the session's mechanisms were made, and run once on 9bea23f: first contact
  // 2 / 36 / 1 / 1 and 0 / 34 / 5 / 1 (docs/prompts.md)
  // (31: 2 silently wrong since session 2026-11-29 (third): the canvassing streets are read whole now (numberOfHouses); the contact's "answered" is still not, and the warning that covered it went)
  '31': { faithful: 4, silentlyWrongAtMost: 2 },
  '32': { faithful: 3, silentlyWrongAtMost: 3 },
  // Batches 33 (A-L) and 34 (M-Z): written blind later in the same session and run once on its final
  // interpreter (aad7ed4, the same as 9bea23f's): first contact 5 / 30 / 3 / 2 and 4 / 29 / 6 / 1
  // (4 since session 2026-11-28 day: the hamster rescue's "you cant apply for a hamster thats already adopted" is read now as the parent guard asked for, and the warning on it had
  // covered the prompt's other misses: the application named Adopt, a sex as text)
  // (6 since session 2026-11-29 sixth: the braiding salon's "mark no-show" is a transition now, and the warning on it
  // had covered its other miss, a style checked against the stylist's specialities)
  '33': { faithful: 6, silentlyWrongAtMost: 6 },
  // (34 and 39: 12 and 7 since session 2026-11-29 fifth: paddock grazing's and the deer park's moves of a record to
  // another parent are updates the examples can now show, so they are kept)
  '34': { faithful: 13, silentlyWrongAtMost: 6 },
  // Batches 35 (A-L) and 36 (M-Z): written blind at the start of session 2026-11-28 (day) and run once on main as
  // the night session left it (a4fcb34), before any change: first contact 9 / 26 / 3 / 2 and 4 / 29 / 5 / 2
  '35': { faithful: 11, silentlyWrongAtMost: 3 },
  // (36: 6 faithful and 6 silently wrong since session 2026-11-28 afternoon: a quantity bounded by whole numbers is
  // counted in whole units, as 501 of 522 such fields were by the writers, and scuba cylinders' "size in litres (1 to
  // 20)" was one of the 21 the writer wanted fractional; nine prompts of 08-40 gained)
  // (36: 8 silently wrong since session 2026-11-29 (third): the saltmarsh title "(coastal nature reserve)" is read as a title now; area is still areaInHectares, and the title's warning went)
  '36': { faithful: 12, silentlyWrongAtMost: 6 },
  // Batches 37 (A-L) and 38 (M-Z): written blind at the start of the same session, sealed while its mechanisms
  // were made, and run once on its final interpreter (1c66b42): first contact 6 / 27 / 6 / 1 and 6 / 28 / 5 / 1
  // (37: 8 silently wrong since session 2026-11-29 (third): the au pair placement's branch "or proposed -> declined" is read now; the languages list is still an enum, and the warning on the branch went)
  '37': { faithful: 13, silentlyWrongAtMost: 8 },
  // (38: 6 silently wrong since session 2026-11-28 evening: the pipe band's 'loans by player name' is read now, and
  // the warning on it had covered a rule not read)
  '38': { faithful: 12, silentlyWrongAtMost: 6 },
  // Batches 39 (A-L) and 40 (M-Z): written blind at the start of session 2026-11-28 (afternoon) and run once on
  // main as the day session left it (0ea7d24), before any change: first contact 2 / 33 / 3 / 2 and 2 / 29 / 7 / 2
  // (39, 41 and 42: one more silently wrong each since session 2026-11-28 evening, the named gap each had read now
  // and a field named otherwise than its writer did left: the diner's quantity is read, its 'serve' is not; the banjo
  // club's loans are returned, 'borrower name and email' stays one field; the otters' sightings are kept, 'riverStretch'
  // where the writer wrote 'stretch')
  // (39: 5 silently wrong since session 2026-11-28 night 4: the belly dance bookings are read with their lesson, and the
  // warning that had named the missing record went with the miss; the capacity and 'max ppl' are still not read)
  '39': { faithful: 7, silentlyWrongAtMost: 4 },
  '40': { faithful: 5, silentlyWrongAtMost: 5 },
  // Batches 41 (A-L) and 42 (M-Z): written blind at the start of session 2026-11-28 (evening) and run once on
  // main as the afternoon session left it (5e4fd66's interpreter, cd74c3b), before any change: first contact
  // 3 / 32 / 4 / 1 and 1 / 33 / 4 / 2
  // (41: the garlic farm, easel hire and canyoning read faithfully since the same evening; the avocado wholesaler's
  // orders are read, with 'numberOfCrates' where the writer wrote 'crates', so one more silently wrong)
  '41': { faithful: 7, silentlyWrongAtMost: 6 },
  // (42: 6 since the same evening: the nougat kitchen, refused before, is read, its 'whether it passed the taste
  // check' named tasteCheckPassed where its writer wrote passedTasteCheck)
  '42': { faithful: 5, silentlyWrongAtMost: 6 },
  // Batches 43 (A-L) and 44 (M-Z): written blind at the start of session 2026-11-28 (night 2) and run once on main
  // as the evening session left it (9a49416's interpreter, c3e7f85), before any change: first contact 9 / 25 / 5 / 1
  // and 5 / 28 / 5 / 2
  '43': { faithful: 19, silentlyWrongAtMost: 2 },
  '44': { faithful: 16, silentlyWrongAtMost: 3 },
  // Batches 45 (A-L) and 46 (M-Z): written blind during session 2026-11-28 (night 2), sealed while its mechanisms
  // were made, and run once on its final interpreter (50b1aba, e8f33b9): first contact 5 / 27 / 7 / 1 and 3 / 35 / 1 / 1
  '45': { faithful: 14, silentlyWrongAtMost: 5 },
  '46': { faithful: 7, silentlyWrongAtMost: 1 },
  // Batches 47 (A-L) and 48 (M-Z): written blind at the start of session 2026-11-28 (night 3) and run once on main
  // as the last session left it (3958382's interpreter; bf6a6b0, 0699bb5), before any change: first contact
  // 11 / 26 / 1 / 2 and 12 / 20 / 8 / 0
  // (47: 2 silently wrong since later in session 2026-11-28 night 3: the gift cards, refused at first contact, are read,
  // with 'the amount loaded' named amountLoaded where the writer wrote amount)
  '47': { faithful: 16, silentlyWrongAtMost: 1 },
  '48': { faithful: 24, silentlyWrongAtMost: 5 },
  // Batches 49 (A-L) and 50 (M-Z): written blind at the start of session 2026-11-28 (night 3), sealed while its mechanisms
  // were made, and run once on its final interpreter (b1dee35; f14928d, c41138b): first contact 10 / 24 / 5 / 1 and
  // 10 / 20 / 8 / 2
  // (49: 6 silently wrong since session 2026-11-28 night 4: the chutney's batch and sale fields are all read now, and the
  // warning that had named them went with them; the floor price rule and 'jars (at least 1)' are still not)
  '49': { faithful: 17, silentlyWrongAtMost: 4 },
  '50': { faithful: 12, silentlyWrongAtMost: 9 },
  // Batches 51 (A-F) and 52 (M-R): written blind at the start of session 2026-11-28 (night 4) and run once on main as
  // the last session left it (fa22e5c's interpreter; 6e86760, 554841b), before any change: first contact 2 / 32 / 4 / 2
  // and 5 / 31 / 3 / 1. The floors are the figures after the night's mechanisms (51: the canvas prints silently wrong
  // since their lifecycle told as a story is read: closer, and the warning that had named it went with it; the BMX club
  // likewise once its Prisma schema and 'get a rider by plate' were read, its entry limit still not).
  // (51: 7 silently wrong since session 2026-11-29 (third): the carbon offsets spec is read from its joined lines now (pricePerTonne, status, retire); tonnesAvailable is still cut to tonnes, and the warnings on the rest went)
  '51': { faithful: 5, silentlyWrongAtMost: 7 },
  // (52: 3 silently wrong since the racehorse shares are read: 'nobody pays less than the share price' is still not)
  // (52: 4 since session 2026-11-29: the press passes are read as their own record, PressPass, and the warnings that named
  // the missing record went with it; 'pressSlots (int)' named pressSlotsInt and its two rules are still not read)
  '52': { faithful: 11, silentlyWrongAtMost: 4 },
  // Batches 53 (G-L) and 54 (S-Z): written blind at the start of session 2026-11-28 (night 4), sealed while its mechanisms
  // were made, and run once on its final interpreter (44b9de4; 603951e, bd2a358): first contact 5 / 28 / 6 / 1 and
  // 10 / 26 / 3 / 1 (on fa22e5c, the interpreter the session started with, 5 / 29 / 5 / 1 and 9 / 27 / 3 / 1)
  '53': { faithful: 11, silentlyWrongAtMost: 4 },
  '54': { faithful: 14, silentlyWrongAtMost: 3 },
  // Batches 55 (A-L) and 56 (M-Z): written blind at the start of session 2026-11-29 and run once on main as the last session
  // left it (a371ac0's interpreter; d5d08d7, 77c21d9), before any change: first contact 13 / 22 / 3 / 2 and 12 / 26 / 2 / 0
  // (31% faithful, 6% silently wrong). The floors are the figures after the session's mechanisms.
  '55': { faithful: 16, silentlyWrongAtMost: 2 },
  '56': { faithful: 14, silentlyWrongAtMost: 2 },
  // Batches 57 (A-L) and 58 (M-Z): written blind during session 2026-11-29, sealed while its mechanisms were made, and run
  // once on its final interpreter (789338a; 19a70cc, e333f3e): first contact 12 / 21 / 7 / 0 and 5 / 25 / 6 / 4 (on a371ac0,
  // the interpreter the session started with, 13 / 20 / 7 / 0 and 5 / 25 / 6 / 4)
  '57': { faithful: 18, silentlyWrongAtMost: 6 },
  '58': { faithful: 7, silentlyWrongAtMost: 6 },
  // Batches 59 (A-F) and 60 (M-R): written blind, sealed, run once on main (3325284) before any change of
  // session 2026-11-29 (second): first contact 5 / 30 / 5 / 0 and 2 / 29 / 9 / 0 (docs/prompts.md); then the session's mechanisms
  // (59 and 60: one more silently wrong since session 2026-11-29 (fourth), each a prompt read much closer that lost the
  // warnings that had named its misses: the exoplanet observations (seeing and a record named TransitObservation left)
  // and the quantum lab (its cooldowns and samples read now, a chip link named chip and two steps still not))
  '59': { faithful: 8, silentlyWrongAtMost: 5 },
  '60': { faithful: 7, silentlyWrongAtMost: 7 },
  // Batches 61 (G-L) and 62 (S-Z): written blind beside 59 and 60 and sealed until the session's interpreter was final
  // (931799a): first contact 3 / 32 / 4 / 1 and 8 / 23 / 8 / 1; on the session's starting interpreter 2 / 32 / 5 / 1 and 6 / 21 / 11 / 2
  '61': { faithful: 5, silentlyWrongAtMost: 4 },
  '62': { faithful: 14, silentlyWrongAtMost: 7 },
  // Batches 63 (A-F) and 64 (M-R): written blind, sealed, run once on main (fc3dbae) before any change of
  // session 2026-11-29 (third): first contact 3 / 31 / 3 / 3 and 6 / 29 / 5 / 0 (docs/prompts.md); then the session's mechanisms
  '63': { faithful: 8, silentlyWrongAtMost: 1 },
  '64': { faithful: 10, silentlyWrongAtMost: 3 },
  // Batches 65 (G-L) and 66 (S-Z): written blind beside 63 and 64 and sealed until the session's interpreter was final
  // (d341b65): first contact 2 / 28 / 9 / 1 and 6 / 29 / 5 / 0; on the session's starting interpreter (fc3dbae)
  // 2 / 28 / 9 / 1 and 6 / 30 / 4 / 0
  '65': { faithful: 5, silentlyWrongAtMost: 8 },
  '66': { faithful: 7, silentlyWrongAtMost: 5 },
  // Batches 67 (A-L) and 68 (M-Z): written blind at the start of session 2026-11-29 (fourth), run once on main as the last
  // session left it (323961f) before any change: first contact 0 / 34 / 5 / 1 and 4 / 29 / 6 / 1; then sealed (no prompt
  // read) while the session's mechanisms were made, and run again on its final interpreter: 0 / 33 / 6 / 1 and 5 / 30 / 4 / 1
  '67': { faithful: 1, silentlyWrongAtMost: 6 },
  '68': { faithful: 6, silentlyWrongAtMost: 4 },
  // Batches 69 (A-L) and 70 (M-Z): written blind at the start of session 2026-11-29 (fifth) and run once on main (the
  // interpreter of 5d6d698, unchanged since: its results hash the same), their transitions then spelled as the judge signs
  // them (docs/prompts.md): first contact 4 / 26 / 10 / 0 and 12 / 23 / 5 / 0
  // (69: 11 silently wrong since later that session: the eclipse trip's "move a traveller to another coach" is kept now, and
  // the warning that had dropped it had covered its other miss, a registration typed text where its writer meant string)
  '69': { faithful: 5, silentlyWrongAtMost: 10 },
  '70': { faithful: 12, silentlyWrongAtMost: 5 },
  // Batches 71 (A-L) and 72 (M-Z): written blind in session 2026-11-29 sixth, run once on main (be76d99, 5/28/6/1 and
  // 6/27/6/1), then sealed until the session's interpreter was final: 7/28/4/1 and 6/27/6/1 (docs/prompts.md)
  '71': { faithful: 7, silentlyWrongAtMost: 4 },
  '72': { faithful: 6, silentlyWrongAtMost: 6 },
  // (session 2026-11-28 evening: "cancel a job" with no status keeps the job, marked cancelled, beside the delete; 13, 14
  // and 16 gained 7 faithful, and 25, 33, 36 and 37 one silently wrong each, where the stated reading "cancel ... as
  // deleting" had been the only warning and had covered other misses)
  // (session 2026-11-28 day raised 16, 19, 22, 27, 30, 31, 33, 34, 35 and 36 to their figures on its final
  // interpreter: 383 of 1,207 faithful over 08-38; docs/prompts.md)
};
