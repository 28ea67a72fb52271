import { z } from 'zod';
import { badRequest, type Failure } from './failure.js';

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
