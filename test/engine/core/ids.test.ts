import { describe, expect, it } from 'vitest';
import { newId } from '../../../src-main/engine/core/ids.js';

describe('newId', () => {
  it('gives distinct 20-character base-62 ids, past many draws of its random bytes', () => {
    const ids = Array.from({ length: 1_000 }, () => newId());
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[0-9A-Za-z]{20}$/);
  });
});
