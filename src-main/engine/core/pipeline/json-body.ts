import { JsonShape } from '../../../../src-shared/json/json-shape.js';

/**
 * A JSON body as the pipeline takes it: parsed, or left as text for a worker thread when it is
 * large (`bodyText`), or why not (`bodyError`, named after `body: `).
 */
export interface JsonBody {
  body: unknown;
  bodyText?: string;
  bodyError?: string;
}

/**
 * A body past either of these is parsed and validated in a worker thread: parsing and
 * validating it here would hold the event loop (zod takes a few µs a value, more for each it refuses).
 */
const ON_LOOP_VALUES = 2_000;
const ON_LOOP_CHARACTERS = 256 * 1024;

/**
 * Parses a JSON body the way every transport must: empty is absent, bad JSON is named, a text
 * past the shape limits is refused before it is parsed, and a large one is left to the parse
 * workers. `shape` is the scan a transport already made while the text arrived; without it the
 * text is scanned here.
 */
export function parseJsonBody(text: string, shape?: JsonShape): JsonBody {
  if (text.trim() === '') return { body: undefined };
  const scanned = shape ?? new JsonShape();
  if (!shape) scanned.push(text);
  if (scanned.problem) return { body: undefined, bodyError: scanned.problem };
  if (scanned.values > ON_LOOP_VALUES || text.length > ON_LOOP_CHARACTERS) return { body: undefined, bodyText: text };
  try {
    return { body: JSON.parse(text) };
  } catch {
    return { body: undefined, bodyError: 'not valid JSON' };
  }
}
