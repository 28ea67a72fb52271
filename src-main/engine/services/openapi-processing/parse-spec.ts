import type { ValidationResult } from '@readme/openapi-parser';
import { parseDocument } from 'yaml';
import type { OpenAPIErrorObject } from '../../../../src-shared/contract/openapi-specs.js';

export type ParsedSpec =
  | { ok: true; document: Record<string, unknown>; format: 'json' | 'yaml' }
  | { ok: false; errors: OpenAPIErrorObject[] };

/**
 * Reads a specification (JSON or YAML) and validates it as Swagger 2.0 or OpenAPI 3.0/3.1 with
 * @readme/openapi-parser. External `$ref`s are not resolved: processing never fetches more than
 * the one address it was given. Every problem found is one `{message, code}`.
 */
export async function parseSpec(text: string): Promise<ParsedSpec> {
  const read = readText(text);
  if (!read.ok) return read;
  const { document, format } = read;
  let result: ValidationResult;
  try {
    // Loaded on first use: the CLI and an engine with no spec to process never pay for it.
    const { validate } = await import('@readme/openapi-parser');
    // The validator dereferences what it is given in place; the stored document stays as written.
    result = await validate(structuredClone(document) as never, { resolve: { external: false }, validate: { errors: { colorize: false } } });
  } catch (error) {
    return { ok: false, errors: [{ message: error instanceof Error ? error.message : String(error), code: 'INVALID' }] };
  }
  if (result.valid) return { ok: true, document, format };
  const errors = result.errors.map((error) => problem(error.message));
  if (result.additionalErrors > 0) errors.push({ message: `${result.additionalErrors} more errors not listed`, code: 'MORE_ERRORS' });
  return { ok: false, errors };
}

type Read = { ok: true; document: Record<string, unknown>; format: 'json' | 'yaml' } | { ok: false; errors: OpenAPIErrorObject[] };

/** JSON first (fast, and most specifications are JSON), then YAML. */
function readText(text: string): Read {
  let value: unknown;
  let format: 'json' | 'yaml' = 'json';
  try {
    value = JSON.parse(text);
  } catch {
    format = 'yaml';
    const parsed = parseDocument(text, { prettyErrors: true });
    if (parsed.errors.length > 0) {
      return { ok: false, errors: parsed.errors.map((error) => ({ message: firstLine(error.message), code: error.code })) };
    }
    value = parsed.toJS({ maxAliasCount: 100 });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, errors: [{ message: 'the specification is not an object (JSON or YAML mapping)', code: 'NOT_AN_OBJECT' }] };
  }
  return { ok: true, document: value as Record<string, unknown>, format };
}

/**
 * The parser's messages start with the failed JSON Schema keyword in capitals ("REQUIRED must
 * have required property 'version'") and go on with a code frame of its own re-serialisation,
 * whose line numbers are not the author's: the first line is kept, the keyword is the code.
 */
function problem(message: string): OpenAPIErrorObject {
  const line = firstLine(message);
  const keyword = /^([A-Z][A-Z_]+) /.exec(line);
  return keyword ? { message: line.slice(keyword[0].length), code: keyword[1]! } : { message: line, code: 'INVALID' };
}

function firstLine(message: string): string {
  return message.split('\n')[0]!.trim();
}
