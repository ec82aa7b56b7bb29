import { interpretPrompt } from '../interpret.js';
import { isNamingNote } from './names.js';

const notesOf = (prompt: string): string[] => {
  const r = interpretPrompt('names', prompt);
  return r.ok ? r.warnings.filter(isNamingNote) : [];
};

describe('names kept with a qualifier', () => {
  it('keeps a noun qualifier in the name and says so, quoting the words, with the shorter name', () => {
    expect(notesOf('Ferry crossings with a date, a departure time and a car deck capacity.')).toEqual([
      'named FerryCrossing after "Ferry crossings": if "ferry" only says what the backend is for, rename it Crossing in the draft',
    ]);
  });

  it('offers the head alone when the qualifier has two words', () => {
    expect(notesOf('Ski school lessons with a date, a level and a price.')).toEqual([
      'named SkiSchoolLesson after "Ski school lessons": if "ski school" only says what the backend is for, rename it SchoolLesson or Lesson in the draft',
    ]);
  });

  it('says nothing of an adjective, a participle, a verb or a one-word name', () => {
    expect(notesOf('Short links have a url and a code.')).toEqual([]);
    expect(notesOf('Found items have a description and a location.')).toEqual([]);
    expect(notesOf('Books have a title and an author.')).toEqual([]);
  });

  it('a naming note is shown in the draft as a line to settle', () => {
    const r = interpretPrompt('names', 'Ferry crossings with a date, a departure time and a car deck capacity.');
    expect(r.draft).toContain('- [ ] named FerryCrossing after "Ferry crossings"');
  });
});
