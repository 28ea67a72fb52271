import { expect } from 'vitest';
import { bodyFacts } from '../../../../../src-main/engine/domain/content/body-text.js';
import { PAGE_ROW_COLUMNS, pageRows, type PageRow } from '../../../../../src-main/engine/domain/content/page-rows.js';
import { projectedBodyRows, projectedPages } from '../../../../../src-main/engine/domain/content/projection-sql.js';
import { readPages } from '../../../../../src-main/engine/domain/content/tree.js';
import { readBody } from '../../../../../src-shared/content/yjs.js';
import { pageDoc, treeDoc, type Branch } from '../../../../../src-shared/sync/doc-names.js';
import type { TestServer } from '../../../../support/server.js';

/** That the projection's rows of a branch are those its docs give when projected from scratch. */
export function expectRowsOfDocs(t: TestServer, spaceId: string, branch: Branch): void {
  const key = branch.kind === 'main' ? 'main' : branch.changeRequestId;
  const tree = t.engine.docs.load(treeDoc(spaceId, branch));
  const expected = [...pageRows(readPages(tree)).values()].sort(byPage);
  const projected = projectedPages(t.engine.db, spaceId, key).sort(byPage);
  expect(projected.map(columns)).toEqual(expected.map(columns));
  for (const { page_id: pageId } of expected) {
    const facts = bodyFacts(readBody(t.engine.docs.load(pageDoc(spaceId, branch, pageId))));
    const rows = projectedBodyRows(t.engine.db, spaceId, key, pageId);
    expect({ ...rows, links: sorted(rows?.links ?? []) }).toEqual({ ...facts, links: sorted(facts.links) });
  }
}

const byPage = (a: { page_id: string }, b: { page_id: string }) => (a.page_id < b.page_id ? -1 : 1);
const columns = (row: PageRow) => Object.fromEntries(PAGE_ROW_COLUMNS.map((column) => [column, row[column]]));
const sorted = (links: { kind: string; target: string }[]) => [...links].sort((a, b) => `${a.kind} ${a.target}`.localeCompare(`${b.kind} ${b.target}`));
