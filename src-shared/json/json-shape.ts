import { MAX_JSON_DEPTH, MAX_JSON_VALUES } from '../contract/limits.js';

/**
 * The shape of a JSON text read so far, one pass, no recursion: how deep its arrays and objects
 * go and how many values it holds. A text past either limit is refused before `JSON.parse` or a
 * schema walks it (a schema walk recurses, and parsing a flood of tiny values holds the event
 * loop). Fed piece by piece as a body arrives; strings are skipped with `indexOf`, so a body of
 * long strings (base64 files) costs next to nothing.
 */
export class JsonShape {
  private depth = 0;
  /** Values so far: each array and object, and each member after the first. */
  values = 0;
  private inString = false;
  /** The previous piece ended on a backslash inside a string: the next character is escaped. */
  private escaped = false;
  /** Why the text is refused, once it is. */
  problem: string | undefined;

  constructor(private readonly maxDepth = MAX_JSON_DEPTH) {}

  /** Reads the next piece of the text; false once the text is past a limit. */
  push(text: string): boolean {
    if (this.problem) return false;
    const end = text.length;
    let i = 0;
    // The next quote and backslash at or after `i`, each searched again only once `i` has passed it:
    // searching from every escape would make a string of backslashes cost its length squared.
    let quote = -1;
    let backslash = -1;
    if (this.escaped && end > 0) {
      this.escaped = false;
      i = 1;
    }
    while (i < end) {
      if (this.inString) {
        if (quote < i) quote = indexOrEnd(text, '"', i);
        if (backslash < i) backslash = indexOrEnd(text, '\\', i);
        if (backslash < quote) {
          // An escape: the character after the backslash (maybe in the next piece) cannot end the string.
          i = backslash + 2;
          if (i > end) this.escaped = true;
          continue;
        }
        if (quote === Number.POSITIVE_INFINITY) break;
        this.inString = false;
        i = quote + 1;
        continue;
      }
      const char = text.charCodeAt(i++);
      if (char === 0x22) this.inString = true;
      else if (char === 0x7b || char === 0x5b) {
        if (++this.depth > this.maxDepth) return this.refuse(`nested deeper than ${this.maxDepth} levels of arrays and objects`);
        if (++this.values > MAX_JSON_VALUES) return this.refuse(`holds more than ${MAX_JSON_VALUES} values`);
      } else if (char === 0x7d || char === 0x5d) this.depth--;
      else if (char === 0x2c && ++this.values > MAX_JSON_VALUES) return this.refuse(`holds more than ${MAX_JSON_VALUES} values`);
    }
    return true;
  }

  private refuse(problem: string): false {
    this.problem = problem;
    return false;
  }
}

/** Where `search` next stands from `from`; past the end (so never before a quote) when nowhere. */
function indexOrEnd(text: string, search: string, from: number): number {
  const index = text.indexOf(search, from);
  return index === -1 ? Number.POSITIVE_INFINITY : index;
}

/** Why a whole JSON text is refused by its shape, or undefined. */
export function jsonShapeProblem(text: string, maxDepth = MAX_JSON_DEPTH): string | undefined {
  const shape = new JsonShape(maxDepth);
  shape.push(text);
  return shape.problem;
}
