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
  const field = [part, ...issue.path.map(String)].join('.');
  return `${field}: ${issue.message}`;
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
