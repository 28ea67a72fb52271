import type { z } from 'zod';
import type { SpaceLinks } from '../../../../src-shared/contract/spaces.js';

/**
 * The links found in a space's content, with their totals. Links are read from page content,
 * and a space holds no pages until the content area stores them, so every space has none yet.
 */
export function linksOfSpace(): z.output<typeof SpaceLinks> {
  return { items: [], count: 0, stats: { total: 0, broken: { total: 0, changeRequest: 0 } } };
}
