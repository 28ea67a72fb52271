import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { newSpace, ok } from '../../../support/content.js';
import { TestServer } from '../../../support/server.js';
import { searchSpace, writeMain } from './fixture.js';

let t: TestServer;
let spaceId: string;
beforeAll(async () => {
  t = await TestServer.start();
  spaceId = (await newSpace(t.owner, t.organizationId)).id;
});
afterAll(() => t.stop());

const letter = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789éèüßøжщ中文日本ĳ'.split(''));
const word = fc.array(letter, { minLength: 1, maxLength: 12 }).map((letters) => letters.join(''));
const separator = fc.constantFrom(' ', ', ', '. ', '\n\n', ' - ', ' (', ') ', ': ', '"', "'", ' / ', '! ');

/** Words joined by punctuation and spaces, as Markdown text. */
const text = fc.array(fc.tuple(word, separator), { minLength: 1, maxLength: 30 }).map((parts) => parts.map(([w, s]) => w + s).join(''));

it('finds any text written into a page by any word of it', async () => {
  await fc.assert(
    fc.asyncProperty(text, fc.nat(), async (body, pick) => {
      const words = body.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
      const chosen = words[pick % words.length]!;
      const [pageId] = await writeMain(t, spaceId, [{ title: 'Page', markdown: `${body}\n` }]);
      const found = ok(await searchSpace(t.owner, spaceId, chosen, { limit: 1000 })).items.map((page) => page.id);
      expect(found).toContain(pageId);
    }),
    { numRuns: 40, seed: 7 },
  );
});
