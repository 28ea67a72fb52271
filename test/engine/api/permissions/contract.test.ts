import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { permissions } from '../../../../src-shared/contract/permissions.js';

/** The reference service's own description, as its official client ships it. */
const reference = JSON.parse(
  readFileSync(createRequire(import.meta.url).resolve('@gitbook/api/spec/openapi.json'), 'utf8'),
) as { paths: Record<string, Record<string, { operationId?: string }>> };

describe('the grant operations follow the reference description', () => {
  it.each(Object.entries(permissions))('%s', (name, op) => {
    expect(op.id).toBe(name);
    expect(op.path.startsWith('/v1/')).toBe(true);
    const theirs = reference.paths[op.path.slice('/v1'.length)]?.[op.method.toLowerCase()];
    expect(theirs?.operationId).toBe(name);
  });
});
