import { isCamelIdentifier, isPascalIdentifier, RESERVED_ACTION_NAMES, RESERVED_FIELD_NAMES, toCamelCase, toPascalCase } from './index.js';

describe('identifier shapes', () => {
  it.each([
    ['Book', true],
    ['BookCopy2', true],
    ['book', false],
    ['Book Copy', false],
    ['Book_Copy', false],
    ['Bo\u00f6k', false],
    [`B${'a'.repeat(63)}`, true],
    [`B${'a'.repeat(64)}`, false],
    ['', false],
  ])('isPascalIdentifier(%j) is %s', (value, expected) => {
    expect(isPascalIdentifier(value)).toBe(expected);
  });

  it.each([
    ['dueDate', true],
    ['isbn13', true],
    ['DueDate', false],
    ['due-date', false],
    ['due date', false],
    ['$ref', false],
    ['__proto__', false],
  ])('isCamelIdentifier(%j) is %s', (value, expected) => {
    expect(isCamelIdentifier(value)).toBe(expected);
  });

  it('refuses non-strings', () => {
    expect(isPascalIdentifier(42)).toBe(false);
    expect(isCamelIdentifier(null)).toBe(false);
  });
});

describe('case conversion', () => {
  it.each([
    ['book copies', 'BookCopies', 'bookCopies'],
    ['Book_Copies', 'BookCopies', 'bookCopies'],
    ['bookCopies', 'BookCopies', 'bookCopies'],
    ['ISBN number', 'IsbnNumber', 'isbnNumber'],
    ['max cooking-time (minutes)', 'MaxCookingTimeMinutes', 'maxCookingTimeMinutes'],
    ['Café menu', 'CafeMenu', 'cafeMenu'],
    ['3d models', 'N3dModels', 'n3dModels'],
    ["title'];process.exit(1)//", 'TitleProcessExit1', 'titleProcessExit1'],
    ['!!!', '', ''],
  ])('%j -> %j / %j', (text, pascal, camel) => {
    expect(toPascalCase(text)).toBe(pascal);
    expect(toCamelCase(text)).toBe(camel);
  });

  it('always yields a valid identifier or nothing, at most 64 characters', () => {
    const long = 'word '.repeat(40);
    expect(toPascalCase(long)).toHaveLength(64);
    for (const text of [long, 'a b c', '9', 'ÄÖÜ straße', 'x']) {
      const p = toPascalCase(text);
      const c = toCamelCase(text);
      expect(p === '' || isPascalIdentifier(p)).toBe(true);
      expect(c === '' || isCamelIdentifier(c)).toBe(true);
    }
  });
});

describe('reserved names', () => {
  it('reserves the store columns and object-model names for fields', () => {
    expect(RESERVED_FIELD_NAMES).toEqual(expect.arrayContaining(['id', 'createdAt', 'updatedAt', 'revision', '__proto__', 'constructor', 'prototype']));
  });

  it('reserves JavaScript keywords and describe for actions', () => {
    expect(RESERVED_ACTION_NAMES).toEqual(expect.arrayContaining(['delete', 'new', 'class', 'await', 'describe', 'constructor']));
  });
});
