/**
 * "After one edit of the returned draft, at least 90% faithful" (issue 8): the floors of the saved
 * edits of corpus/batches/edits/ (docs/prompts.md, "After one edit of the returned draft"), checked
 * by batches.spec.ts. They are the figures reached when the edits were written: a change of the
 * interpreter or of the draft format that loses an edited prompt, or makes an edit larger than one
 * edit, fails there.
 */
// (session 2026-11-29 second: every floor set to the figures at its end: 9 batches up, medians smaller in 28; three one lower
// by drift, each edit measured against a draft that is now read better and so differs more from the one it was written on:
// 10 tenant issues, 13 storage units, 57 haberdashery; every saved edit still reads back faithful whatever its size)
// (session 2026-11-29 fourth: every floor set to the figures at its end: 14 batches up, medians smaller in 9; 40 and 62
// one and two lower, 49's median half a line up, by drift: their saved edits still read faithful, but the drafts they
// are measured against changed (the draft echoes the prompt as repaired, "date n time" now "date and time"; 40's oven
// cleaning and stationery drafts read their sections another way), so those edits now change more than half their lines)
// (session 2026-11-29 sixth: every list read from a prompt now also takes a filter per link, state, date and yes/no
// field, one line each in the draft; the saved edits, written against drafts without those lines, now differ from the
// drafts by them, so the median of lines changed rose in 42 batches by 0.5 to 3 lines; every saved edit still reads
// back faithful whatever its size, and 21, 29, 30, 35 and 60 have one more faithful after one edit)
export const EDIT_FLOORS: Record<string, { faithfulAfter: number; faithfulAnySize: number; medianChangedAtMost: number }> = {
  // batches 10 and 11 were measured after their fixes; batches 12 and 13 at their first contact (docs/prompts.md);
  // the median is over every prompt, a faithful first draft counting 0 lines
  // (the saved edits were written against the first-contact drafts: a draft that moved closer to
  // what was meant may still be more lines from that fixed text, so the median follows the drafts)
  '10': { faithfulAfter: 28, faithfulAnySize: 32, medianChangedAtMost: 0 },
  // (29 until 2026-11-27 evening: b11-vinyl, faithful at first contact so without a saved edit, now
  // names its record VinylRecord; see batches.spec.ts)
  '11': { faithfulAfter: 28, faithfulAnySize: 31, medianChangedAtMost: 0 },
  '12': { faithfulAfter: 32, faithfulAnySize: 40, medianChangedAtMost: 15 },
  '13': { faithfulAfter: 36, faithfulAnySize: 40, medianChangedAtMost: 3.5 },
  // batch 14 at its first contact (main 898fff5's interpreter, unchanged)
  // (14: 38 since session 2026-11-28 evening: the after-school club's draft now keeps its cancelled bookings, so the
  // saved edit, made from the draft before, is 14 of 24 lines new against it; 25 and 35: medians up for the same reason,
  // and 25 once more when junk removal's draft gained its status)
  '14': { faithfulAfter: 38, faithfulAnySize: 40, medianChangedAtMost: 0 },
  // batches 19 and 20: edits written from their first-contact drafts (e77b95e: 33 and 36 of 40
  // faithful after one edit, docs/prompts.md); these floors are the figures after the night's fixes
  '19': { faithfulAfter: 38, faithfulAnySize: 40, medianChangedAtMost: 10 },
  '20': { faithfulAfter: 39, faithfulAnySize: 40, medianChangedAtMost: 0 },
  // batches 21 and 22: edits written from their first-contact drafts (2fc80d4: 31 and 28 of 40
  // faithful after one edit, docs/prompts.md); floors measured on this session's final interpreter
  // (33 and 31 on session 2026-11-28's interpreter)
  // (21, 26, 40, 44 and 45: one fewer each since session 2026-11-28 night 4, drift not a worse reading: each saved edit
  // still reads faithful, but the first-contact draft it is measured against changed with the night's readings (yes/no
  // after a name, names in camel case, lists asked for by a record), so the same edit now changes more than half its lines; for the same reason the medians of 26, 35, 40 and 44 grew
  // by half a line to a line)
  '21': { faithfulAfter: 35, faithfulAnySize: 40, medianChangedAtMost: 12.5 },
  '22': { faithfulAfter: 35, faithfulAnySize: 40, medianChangedAtMost: 9.5 },
  // batches 25 and 26: edits written from their first-contact drafts (7d616f7: 32 and 36 of 40)
  // (session 2026-11-28 late raised 14 to 39, 20 to 39, 22 to 34, 25 to 33)
  // (25: 33 since session 2026-11-28 night 3: the baseball roster's draft lists players by position and no longer has a
  // field 'way' from "and a way to list ...", so its saved edit, made from the draft before, is 7 of 13 lines new against it)
  '25': { faithfulAfter: 33, faithfulAnySize: 40, medianChangedAtMost: 14 },
  // (26: 34 since session 2026-11-29: the narrowboats' draft reads its boats from "We have five boats, each with ...", so
  // the saved edit, made from the draft before, is 16 of 26 lines new against it; steelpan is faithful with no edit)
  '26': { faithfulAfter: 35, faithfulAnySize: 40, medianChangedAtMost: 16.5 },
  // batches 27 and 28: edits written from their first-contact drafts (bd78602: 37 and 39 of 40)
  '27': { faithfulAfter: 39, faithfulAnySize: 40, medianChangedAtMost: 12 },
  '28': { faithfulAfter: 39, faithfulAnySize: 40, medianChangedAtMost: 3 },
  // batches 29 and 30: edits written from their first-contact drafts (e9be80b) by two helpers as the
  // user; measured on the session's interpreter (the examples of two guards through one parent fixed
  // for 29's kitchen hire and audio guides)
  // (29: 35 since session 2026-11-28 evening: the homework club's draft now quotes its "whos here" as "who's here", so its
  // saved edit, made from the draft before, is 12 of 22 lines new against it, one past half; it still reads back faithful)
  '29': { faithfulAfter: 37, faithfulAnySize: 40, medianChangedAtMost: 13.5 },
  // (30: qigong, refused at first contact, is read now, so its edit is one edit, of a longer draft)
  '30': { faithfulAfter: 34, faithfulAnySize: 40, medianChangedAtMost: 15.5 },
  // batches 31 and 32: edits written from their first-contact drafts (9bea23f, the session's final interpreter)
  '31': { faithfulAfter: 33, faithfulAnySize: 40, medianChangedAtMost: 18.5 },
  '32': { faithfulAfter: 38, faithfulAnySize: 40, medianChangedAtMost: 16 },
  // (session 2026-11-28 night: every record gets an update, one more draft line each; the saved edits
  // were rebased onto the new drafts by a three-way merge keeping the user's side, an added line
  // dropped where the user had renamed its record or written their own update; where an edit had
  // rewritten the actions, the new lines count as taken out, so the medians of 12, 21 and 27 rose)
  // batches 35 and 36: edits written by two helpers as the user from their first-contact drafts (a4fcb34's
  // interpreter: 36 and 34 of 40 faithful after one edit); floors on session 2026-11-28 day's interpreter
  '35': { faithfulAfter: 38, faithfulAnySize: 40, medianChangedAtMost: 11 },
  // (36: 34 since session 2026-11-28 afternoon: scuba cylinders, faithful at first contact so without an edit, types
  // "size in litres (1 to 20)" as a whole number now; batches.spec.ts)
  '36': { faithfulAfter: 36, faithfulAnySize: 39, medianChangedAtMost: 9 },
  // batches 39 and 40: edits written by two helpers as the user, each once and never run, from the drafts of
  // session 2026-11-28 afternoon's interpreter after its first two mechanisms (4d71553); measured on 1950f9b
  // (session 2026-11-28 afternoon's final interpreter: 13, 21, 29 and 30 one or two more after one edit)
  // (39: median 13 since session 2026-11-28 evening: janitorial supplies' draft now links each order to its product)
  // (median 14 since session 2026-11-28 night 2: the banquet hall, a Markdown prompt with an "## Actions" heading, is read
  // as a prompt instead of refused as a broken draft, so its edit is measured against a draft with records in it)
  '39': { faithfulAfter: 35, faithfulAnySize: 39, medianChangedAtMost: 14.5 },
  '40': { faithfulAfter: 32, faithfulAnySize: 38, medianChangedAtMost: 15 },
  // Batches 41 and 42: the drafts of first contact (3bdf138) edited once by helpers playing their users; misses are
  // edits of more than half their lines (8 and 11), made where the draft had lost whole records
  '41': { faithfulAfter: 35, faithfulAnySize: 40, medianChangedAtMost: 15 },
  '42': { faithfulAfter: 32, faithfulAnySize: 38, medianChangedAtMost: 14.5 },
  // Batches 43 and 44: each first-contact draft (9a49416's interpreter) edited once by a helper playing its user, without
  // running it (branches edits43 a962c5d, edits44 188a19a); measured on the same interpreter: 36 and 33 of 40
  // (38 and 35 on the session's final interpreter, c405268; medians 11 and 10.5)
  '43': { faithfulAfter: 38, faithfulAnySize: 40, medianChangedAtMost: 7.5 },
  '44': { faithfulAfter: 35, faithfulAnySize: 40, medianChangedAtMost: 11.5 },
  // Batches 45 and 46: the drafts of their first contact (50b1aba) edited once by helpers playing their users, without
  // running them (branches edits45 e558743, edits46 2390070); measured on c405268: 34 and 35 of 40, every miss an edit
  // of more than half its lines
  // (45: 13 since session 2026-11-29: the kimono rental's draft updates the whole rental where it had updated only the
  // field its name had picked, so its saved edit removes one line more)
  '45': { faithfulAfter: 34, faithfulAnySize: 40, medianChangedAtMost: 14.5 },
  // (46: median 15.5 since session 2026-11-28 night 3: the drafts of mud run and mine tours now carry the least age their
  // users had added by hand, so those saved edits, made from the drafts before, differ from the new drafts in more lines)
  '46': { faithfulAfter: 36, faithfulAnySize: 39, medianChangedAtMost: 16 },
  // Batches 47 and 48: the drafts of their first contact (3958382) edited once by helpers playing their users, without
  // running them (branches edits47 cc88e3f, edits48 fe4d86d): 33 and 38 of 40 on that interpreter; 35 and 38 once an
  // edited draft is read before the prose repairs (two edits had been refused or renamed by them)
  '47': { faithfulAfter: 37, faithfulAnySize: 40, medianChangedAtMost: 10 },
  '48': { faithfulAfter: 38, faithfulAnySize: 40, medianChangedAtMost: 0 },
  // Batches 49 and 50: the drafts of their first contact on session 2026-11-28 night 3's final interpreter (b1dee35) edited
  // once by helpers playing their users, without running them (branches edits49 78687fd, edits50 c9b5c78): 37 and 36 of 40
  '49': { faithfulAfter: 38, faithfulAnySize: 39, medianChangedAtMost: 7 },
  // (50: the median 10.5 since session 2026-11-29 (third): the pet insurance draft reads 'claim.amount <= policy.coverLimit' as the comparison it is (it had been a capacity), and the saved edit, made on the old draft, changes one line more)
  '50': { faithfulAfter: 37, faithfulAnySize: 40, medianChangedAtMost: 10.5 },
  // Batches 51 and 52: each first-contact draft (fa22e5c's interpreter) edited once by a helper playing its user, never
  // run (session 2026-11-28, night 4): 30 and 33 of 40 faithful after one edit against those drafts (with the night's
  // fix for 'param price' written without a type); against this interpreter's drafts, closer for the specs written as
  // code, 35 and 37, every saved edit reading back faithful
  '51': { faithfulAfter: 35, faithfulAnySize: 40, medianChangedAtMost: 16.5 },
  // (52: 37 since session 2026-11-29 (third): the nose-work draft quotes its whole source line under its heading now, and the saved edit, made on the old line, is one line over half)
  '52': { faithfulAfter: 37, faithfulAnySize: 40, medianChangedAtMost: 14 },
  // Batches 53 and 54: each first-contact draft of the session's final interpreter (44b9de4) edited once by a helper
  // playing its user, never run (session 2026-11-28, night 4)
  // (53: 35 since session 2026-11-29 (third): the grotto draft likewise, one line over half)
  '53': { faithfulAfter: 35, faithfulAnySize: 40, medianChangedAtMost: 13 },
  '54': { faithfulAfter: 38, faithfulAnySize: 40, medianChangedAtMost: 10.5 },
  // Batches 55 (A-L) and 56 (M-Z): written blind at the start of session 2026-11-29, their first-contact drafts (a371ac0's
  // interpreter) edited once by blind edit writers: 37 and 36 of 40 faithful after one edit (73 of 80, 91%), every saved
  // edit faithful whatever its size; 8 edits rewrite more than half their draft (records the first reading missed entirely)
  '55': { faithfulAfter: 37, faithfulAnySize: 40, medianChangedAtMost: 10 },
  '56': { faithfulAfter: 36, faithfulAnySize: 40, medianChangedAtMost: 9.5 },
  // Batches 57 (A-L) and 58 (M-Z): sealed during session 2026-11-29, their first-contact drafts (789338a) edited once by
  // blind edit writers: 37 and 30 of 40 (67 of 80, 84%), every saved edit faithful whatever its size; 58's misses are
  // edits of more than half their draft, where the draft had no record (four refused prompts) or lost one
  '57': { faithfulAfter: 36, faithfulAnySize: 40, medianChangedAtMost: 6.5 },
  '58': { faithfulAfter: 31, faithfulAnySize: 40, medianChangedAtMost: 13 },
  // Batches 59 and 60, edited by blind writers from the drafts of their first contact (on 3325284: 37 and 33 faithful after one edit)
  '59': { faithfulAfter: 36, faithfulAnySize: 40, medianChangedAtMost: 12 },
  '60': { faithfulAfter: 36, faithfulAnySize: 40, medianChangedAtMost: 19 },
  // Batches 61 and 62, sealed until the end, edited from the drafts of their first contact on the session's final interpreter (931799a)
  '61': { faithfulAfter: 34, faithfulAnySize: 40, medianChangedAtMost: 20.5 },
  '62': { faithfulAfter: 33, faithfulAnySize: 40, medianChangedAtMost: 7 },
  // Batches 63 and 64, edited by blind writers from the drafts of their first contact on fc3dbae (27 and 38 faithful
  // after one edit there); 63 is 26 on this session's interpreter: the citizen science draft now reads the observations as
  // their own record, and the saved edit, made on the old draft, is over half of it
  '63': { faithfulAfter: 27, faithfulAnySize: 40, medianChangedAtMost: 18.5 },
  '64': { faithfulAfter: 38, faithfulAnySize: 40, medianChangedAtMost: 16 },
  // Batches 65 and 66, sealed until the end, edited from the drafts of their first contact on the session's final interpreter (d341b65)
  '65': { faithfulAfter: 38, faithfulAnySize: 40, medianChangedAtMost: 15 },
  '66': { faithfulAfter: 33, faithfulAnySize: 40, medianChangedAtMost: 15 },
  // Batches 67 (A-L) and 68 (M-Z), written blind at the start of session 2026-11-29 (fourth) and edited by their users from
  // the drafts of their first contact on main as the last session left it (323961f: 29 and 36 of 40 faithful after one
  // edit); these floors are the figures on the session's final interpreter
  '67': { faithfulAfter: 31, faithfulAnySize: 40, medianChangedAtMost: 24.5 },
  '68': { faithfulAfter: 37, faithfulAnySize: 40, medianChangedAtMost: 18.5 },
  // Batches 69 (A-L) and 70 (M-Z), written blind at the start of session 2026-11-29 (fifth), each first-contact draft edited
  // once by a helper playing its user, never run (branches e69 05729b7, e70 a153402): 36 and 39 of 40 faithful after one edit
  // (69: 37 since later that session: the eclipse trip's edit, an update of a traveller's coach alone, is kept now)
  '69': { faithfulAfter: 37, faithfulAnySize: 38, medianChangedAtMost: 8.5 },
  '70': { faithfulAfter: 39, faithfulAnySize: 40, medianChangedAtMost: 13 },
};
