import { JsonShape } from '../../../src-shared/json/json-shape.js';

/** A JSON body as the pipeline takes it: parsed, or why not (`bodyError`, named after `body: `). */
export interface JsonBody {
  body: unknown;
  bodyError?: string;
}

/**
 * Parses a JSON body the way every transport must: empty is absent, bad JSON is named, and a
 * text past the shape limits is refused before it is parsed. `shape` is the scan a transport
 * already made while the text arrived; without it the text is scanned here.
 */
export function parseJsonBody(text: string, shape?: JsonShape): JsonBody {
  if (text.trim() === '') return { body: undefined };
  const scanned = shape ?? new JsonShape();
  if (!shape) scanned.push(text);
  if (scanned.problem) return { body: undefined, bodyError: scanned.problem };
  try {
    return { body: JSON.parse(text) };
  } catch {
    return { body: undefined, bodyError: 'not valid JSON' };
  }
}
