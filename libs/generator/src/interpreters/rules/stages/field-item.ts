/** A field as a list writes it, read by the phrasings of stages/phrasings.ts into a typed draft. */
export interface FieldItem {
  /** The words naming the field, as written ("team name"). */
  words: string;
  /** A type the item states (`text`, `number`, `date`, `boolean`, ...). */
  type?: string;
  /** Allowed values, in the order written. */
  values?: string[];
  /** Flags written next to it: unique, optional, required. */
  flags?: string[];
  /** The values are states written in order ("new → triaged → fixed"): each moves to the next. */
  moves?: boolean;
  /** The moves as written when they branch ("a to b to c, or b to d"). */
  steps?: { from: string; to: string }[];
  /** A default written next to it ("pending at first"). */
  default?: string;
  /** The item names another record this one belongs to ("belongs to an employee"). */
  refersTo?: boolean;
}

/** A field item as a phrasing reads it, its words' spaces tidied. */
export const item = (words: string, extra: Omit<FieldItem, 'words'> = {}): FieldItem => ({ words: words.trim().replace(/\s+/g, ' '), ...extra });
