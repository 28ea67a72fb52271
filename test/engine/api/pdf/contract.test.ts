import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { pdf } from '../../../../src-shared/contract/pdf.js';

/** The reference service's own description, as its official client ships it. */
const reference = JSON.parse(
  readFileSync(createRequire(import.meta.url).resolve('@gitbook/api/spec/openapi.json'), 'utf8'),
) as { paths: Record<string, Record<string, { operationId?: string; parameters?: { name?: string; in?: string }[] }>> };

describe('the PDF operations follow the reference description', () => {
  it.each(Object.entries(pdf))('%s', (name, op) => {
    expect(op.id).toBe(name);
    const theirs = reference.paths[op.path.slice('/v1'.length)]?.[op.method.toLowerCase()];
    expect(theirs?.operationId).toBe(name);
    const theirQuery = (theirs?.parameters ?? []).filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name);
    expect(Object.keys(op.query.shape).sort()).toEqual(theirQuery.sort());
  });
});
