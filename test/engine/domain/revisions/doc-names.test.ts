import fc from 'fast-check';
import { expect, test } from 'vitest';
import {
  MAIN, changeRequestBranch, commentsDoc, pageDoc, parseDocName, treeDoc, type Branch,
} from '../../../../src-shared/sync/doc-names.js';

const id = fc.stringMatching(/^[A-Za-z0-9_-]{1,20}$/);
const branch: fc.Arbitrary<Branch> = fc.oneof(fc.constant(MAIN), id.map(changeRequestBranch));

test('every doc name parses back to what built it', () => {
  fc.assert(
    fc.property(id, branch, id, (spaceId, b, pageId) => {
      expect(parseDocName(treeDoc(spaceId, b))).toEqual({ kind: 'tree', spaceId, branch: b });
      expect(parseDocName(pageDoc(spaceId, b, pageId))).toEqual({ kind: 'page', spaceId, branch: b, pageId });
      expect(parseDocName(commentsDoc(spaceId, b))).toEqual({ kind: 'comments', spaceId, branch: b });
    }),
  );
});

test('names outside the scheme are refused', () => {
  for (const name of ['', 'space/a', 'space/a/main', 'space/a/main/page/', 'space/a/other/tree', 'space/../main/tree', 'x/space/a/main/tree', 'space/a/main/tree/']) {
    expect(parseDocName(name)).toBeUndefined();
  }
});
