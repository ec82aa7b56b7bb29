import { boundsInParens, normalise, repairSpelling, sentences, trimTalk } from './normalise.js';

describe('normalise: the layout of a prompt', () => {
  it('reads Markdown and bold headings, short colon lines, bullets, numbered items and table rows', () => {
    const { lines } = normalise('# Music school\n**Teams**\nOrders:\n- name\n  * nested\n1. Classes - name, coach\n| field | type |\n|---|---|\n| name | text |\nPlain text. Second one!');
    expect(lines).toEqual([
      { kind: 'heading', text: 'Music school', level: 1 },
      { kind: 'heading', text: 'Teams', level: 3 },
      { kind: 'heading', text: 'Orders', level: 4 },
      { kind: 'bullet', text: 'name', depth: 0 },
      { kind: 'bullet', text: 'nested', depth: 1 },
      { kind: 'bullet', text: 'Classes - name, coach', depth: 0 },
      { kind: 'row', cells: ['field', 'type'] },
      { kind: 'row', cells: ['name', 'text'] },
      { kind: 'sentence', text: 'Plain text.' },
      { kind: 'sentence', text: 'Second one!' },
    ]);
  });

  it('cuts greetings and sign-offs and keeps them to be listed as ignored', () => {
    expect(normalise('Hello! I manage a gym. Thanks!')).toEqual({ lines: [{ kind: 'sentence', text: 'I manage a gym.' }], dropped: ['Hello!', 'Thanks!'] });
    expect(trimTalk('hey so i fix bikes lol')).toEqual({ text: 'i fix bikes', cut: ['hey', 'so', 'lol'] });
    expect(trimTalk('Hi, books have a title.')).toEqual({ text: 'books have a title.', cut: ['Hi,'] });
  });

  it('keeps a line that explains the spec as context, reads lettered items as numbered ones, and a rule beside a field as a rule', () => {
    const { lines, dropped } = normalise('Purpose: club night bookings.\nA. Members: name, email.\n- guests - can\'t be more than the house sleeps\n- room');
    expect(dropped).toEqual(['Purpose: club night bookings.']);
    expect(lines).toEqual([
      { kind: 'bullet', text: 'Members: name, email.', depth: 0 },
      { kind: 'bullet', text: 'guests', depth: 0 },
      { kind: 'bullet', text: 'room', depth: 0 },
      { kind: 'heading', text: 'Rules', level: 2 },
      { kind: 'sentence', text: "The guests can't be more than the house sleeps." },
    ]);
  });

  it('reads bounds written after a comma as bounds, a speed\'s unit as one word, and a sentence after a field as read later', () => {
    expect(['rainfall in mm, 0 or more', 'seat number, 1 to 120', 'temperature in C, from -50 to 60', 'wind speed (km/h)', 'name, email'].map(boundsInParens)).toEqual([
      'rainfall in mm (at least 0)',
      'seat number (1 to 120)',
      'temperature in C (-50 to 60)',
      'wind speed (kmh)',
      'name, email',
    ]);
    const { lines } = normalise('- active (yes/no); stations get switched off when they break\n- name');
    expect(lines).toEqual([
      { kind: 'bullet', text: 'active (yes/no)', depth: 0 },
      { kind: 'bullet', text: 'name', depth: 0 },
      { kind: 'heading', text: 'Rules', level: 2 },
      { kind: 'sentence', text: 'stations get switched off when they break.' },
    ]);
  });

  it('reads items split by bars outside a table as a list, and "manage X (add, edit, list)" as those verbs', () => {
    expect(normalise('Yachts\n  name | length (feet) | berths').lines).toEqual([
      { kind: 'heading', text: 'Yachts', level: 4 },
      { kind: 'bullet', text: 'name, length (feet), berths', depth: 1 },
    ]);
    // values after "=" keep their bars
    expect(normalise('Cases: title, type = civil | criminal | family, filed on (date).').lines).toEqual([{ kind: 'sentence', text: 'Cases: title, type = civil | criminal | family, filed on (date).' }]);
    expect(normalise('- manage yachts (add, edit, remove, list)').lines).toEqual([{ kind: 'bullet', text: 'add, edit, remove, list yachts', depth: 0 }]);
  });

  it('reads "We need to: a, b" as what they need to do', () => {
    expect(normalise('**We need to:** list productions, see the rehearsals of a production.').lines).toEqual([{ kind: 'sentence', text: 'We need to list productions, see the rehearsals of a production.' }]);
  });

  it('reads "no." after a noun as the abbreviation of number, ending no sentence', () => {
    expect(repairSpelling('board no. (unique), member no. 5, say no. Yes or no.')).toBe('board number (unique), member no 5, say no. Yes or no.');
    // ("membership no. (unique)", "the tracking no. then ...", "no. of lions": the field is a number)
    expect(repairSpelling('the tracking no. then we mark it, membership no., no. of lions (1-3), paid yes or no.')).toBe('the tracking number then we mark it, membership number, number of lions (1-3), paid (yes/no).');
  });

  it('never splits a sentence after an abbreviation or inside a number', () => {
    expect(sentences('A price of 6.5 euros, e.g. cakes. Next.')).toEqual(['A price of 6.5 euros, e.g. cakes.', 'Next.']);
  });

  it('never splits a sentence inside parentheses that close ("sash level (1 = white ... 10 = black)")', () => {
    expect(sentences('Each grading: date, sash level (1 = white ... 10 = black), examiner. Next.')).toEqual(['Each grading: date, sash level (1 = white ... 10 = black), examiner.', 'Next.']);
    // (a parenthesis left open ends nothing: the sentences after it are still split)
    expect(sentences('A note (see below. Then more. Last.')).toEqual(['A note (see below.', 'Then more.', 'Last.']);
  });

  it('reads short indented lines under a plain line as that line\'s bullets', () => {
    expect(normalise('Wheel\n  code: unique\n  made on: date\nActions\n  create wheel').lines).toEqual([
      { kind: 'heading', text: 'Wheel', level: 4 },
      { kind: 'bullet', text: 'code: unique', depth: 1 },
      { kind: 'bullet', text: 'made on: date', depth: 1 },
      { kind: 'heading', text: 'Actions', level: 4 },
      { kind: 'bullet', text: 'create wheel', depth: 1 },
    ]);
  });

  it('reads a numbered item over deeper lines as their label: a heading over bullets, a list over one line', () => {
    expect(normalise('1. Customers\n   name, address, email (unique - we look them up by it)\n2. Funerals\n   - venue\n   - status\n3. Notes\n   Two vans. No login.').lines).toEqual([
      { kind: 'sentence', text: 'Customers: name, address, email (unique - we look them up by it)' },
      { kind: 'heading', text: 'Funerals', level: 4 },
      { kind: 'bullet', text: 'venue', depth: 1 },
      { kind: 'bullet', text: 'status', depth: 1 },
      { kind: 'heading', text: 'Notes', level: 4 },
      { kind: 'sentence', text: 'Two vans.' },
      { kind: 'sentence', text: 'No login.' },
    ]);
    // a bullet over deeper bullets is a field with its notes, never a label
    expect(normalise('- status\n  - new, paid').lines).toEqual([
      { kind: 'bullet', text: 'status', depth: 0 },
      { kind: 'bullet', text: 'new, paid', depth: 1 },
    ]);
  });

  it('repairs casual spellings: a missing apostrophe, an everyday misspelling, a "then" after a comparative', () => {
    expect(repairSpelling('cant have more bookings then quads on a trek')).toBe("can't have more bookings than quads on a trek");
    expect(repairSpelling('Wether theyve paid, and the adress. Then list them.')).toBe("Whether they've paid, and the address. Then list them.");
    expect(repairSpelling('i wanna see the orders')).toBe('i want to see the orders');
    expect(repairSpelling('i need delete orders too, and I want see all orders')).toBe('i need to delete orders too, and I want to see all orders');
    expect(repairSpelling('Advisers pull up all the visits of a client; pull up is a verb.')).toBe('Advisers see all the visits of a client; pull up is a verb.');
  });

  it('reads list requests said loosely: "only the", "by number of", "i want products by ...", a label over verbs, one record added', () => {
    expect(repairSpelling('List only the confirmed bookings.')).toBe('List the confirmed bookings.');
    expect(repairSpelling('list horseboxes by number of stalls')).toBe('list horseboxes by stalls');
    expect(repairSpelling('i want products by category and by supplier')).toBe('i want to list products by category and by supplier');
    expect(normalise('- boards: add, list by level\n- players: create, list, get').lines).toEqual([
      { kind: 'bullet', text: 'add a board, list boards by level', depth: 0 },
      { kind: 'bullet', text: 'players: create, list, get', depth: 0 },
    ]);
  });

  it('ends a list of fields where the writer asks for something or speaks of themselves, and reads typed units', () => {
    expect(repairSpelling('record each match with the date, home team, away team, and list matches by date.')).toBe('record each match with the date, home team, away team. List matches by date.');
    expect(repairSpelling('bikes have a model, a size, a status, we need to change the status')).toBe('bikes have a model, a size, a status. we need to change the status');
    expect(repairSpelling('a pan with a serial number thats unique, floor area in m²')).toBe("a pan with a serial number that's unique, floor area in m2");
  });

  it('drops emoji and the space before them, never a line break', () => {
    expect(normalise('Track our hens 🐔: name, breed 👍🏽\n🐣 hatch date').lines).toEqual([
      { kind: 'sentence', text: 'Track our hens: name, breed' },
      { kind: 'sentence', text: 'hatch date' },
    ]);
    // an emoji between two words ends the sentence before it; one at the end is only dropped
    expect(normalise('getting out of hand 😅 want to track sets ❤️‍🔥.').lines).toEqual([
      { kind: 'sentence', text: 'getting out of hand.' },
      { kind: 'sentence', text: 'want to track sets.' },
    ]);
  });
});

describe('normalise: greetings in other spellings and languages', () => {
  it.each(['hii', 'Olá!', 'Hallo,', 'evening!'])('cuts "%s" before the sentence', (greeting) => {
    expect(trimTalk(`${greeting} we run a surf school`).text).toBe('we run a surf school');
  });
});
