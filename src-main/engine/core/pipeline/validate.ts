import { z } from 'zod';
import { badRequest, isFailure, type Failure } from './failure.js';

/** Parses one part of a request; a failure names the field, e.g. `body.title: Too big: …`. */
export function parsePart<S extends z.ZodType>(
  schema: S,
  value: unknown,
  part: 'params' | 'query' | 'body',
): z.output<S> | Failure {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  return badRequest(describeIssue(result.error.issues[0]!, part));
}

/**
 * A body's parts the contract does not name are refused, not dropped: a misspelt field would
 * otherwise be lost without a word (docs/decisions.md, "Unknown body fields"). The contract
 * decides: what its objects strip is unknown; objects it declares open (`looseObject`: a
 * document's blocks and their `data`) keep theirs. Only bodies: unknown query parameters stay ignored.
 */
export function parseBody<S extends z.ZodType>(schema: S, value: unknown): z.output<S> | Failure {
  const parsed = parsePart(schema, value, 'body');
  if (isFailure(parsed)) return parsed;
  const unknown = firstDroppedField(value, parsed);
  return unknown ? badRequest(`${['body', ...unknown].join('.')}: unknown field`) : parsed;
}

/** The path of the first object key of `sent` that parsing left out of `kept`; walked with a stack, as bodies may nest deep. */
function firstDroppedField(sent: unknown, kept: unknown): (string | number)[] | undefined {
  const pending: { sent: unknown; kept: unknown; path: (string | number)[] }[] = [{ sent, kept, path: [] }];
  while (pending.length > 0) {
    const { sent, kept, path } = pending.pop()!;
    if (Array.isArray(sent) && Array.isArray(kept)) {
      for (let i = sent.length - 1; i >= 0; i--) pending.push({ sent: sent[i], kept: kept[i], path: [...path, i] });
    } else if (isRecord(sent) && isRecord(kept)) {
      const keys = Object.keys(sent);
      const dropped = keys.find((key) => !Object.hasOwn(kept, key));
      if (dropped !== undefined) return [...path, dropped];
      for (let i = keys.length - 1; i >= 0; i--) pending.push({ sent: sent[keys[i]!], kept: kept[keys[i]!], path: [...path, keys[i]!] });
    }
  }
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array);
}

function describeIssue(issue: z.core.$ZodIssue, part: string): string {
  const named = specificIssue(issue);
  const field = [part, ...named.path.map(String)].join('.');
  return `${field}: ${named.message}`;
}

/**
 * A union's failure names the one alternative the value was meant as, when exactly one failed on
 * its content rather than its shape (`{markdown}` too deeply nested, not `{document}` missing), so
 * that the message names the field and the reason; else the union itself.
 */
function specificIssue(issue: z.core.$ZodIssue): z.core.$ZodIssue {
  if (issue.code !== 'invalid_union') return issue;
  const meant = issue.errors.filter((issues) => issues.every((inner) => inner.code !== 'unrecognized_keys' && inner.code !== 'invalid_type'));
  if (meant.length !== 1 || meant[0]!.length === 0) return issue;
  const inner = specificIssue(meant[0]![0]!);
  return { ...inner, path: [...issue.path, ...inner.path] };
}

/** Query fields typed as arrays; they collect every value of a repeated parameter. */
export function arrayFields(schema: z.ZodObject | undefined): Set<string> {
  const fields = new Set<string>();
  for (const [key, field] of Object.entries(schema?.shape ?? {})) {
    if (unwrap(field as z.ZodType) instanceof z.ZodArray) fields.add(key);
  }
  return fields;
}

function unwrap(schema: z.ZodType): z.ZodType {
  let current: z.ZodType = schema;
  while (current instanceof z.ZodOptional || current instanceof z.ZodDefault || current instanceof z.ZodNullable) {
    current = current.unwrap() as z.ZodType;
  }
  return current;
}
