import type { DocStore } from '../../../../../src-main/engine/core/docs/store.js';
import type { Branch } from '../../../../../src-shared/sync/doc-names.js';
import type { PmNodeJson } from '../../../../../src-shared/content/pm-json.js';
import { writePage } from '../../../../support/yjs-edits.js';

/**
 * A body edited by a plan: what to do to each block, in document order (the plan repeats): 0 delete
 * it, 1 edit its text, 2 add a paragraph after it, 3 change an attribute, 7 rewrite its text as
 * `side` would; anything else keeps it. `side` names what a side writes, so that the two sides'
 * edits differ.
 */
export function edited(doc: PmNodeJson, choices: number[], side = 'n'): PmNodeJson {
  let next = 0;
  const visit = (node: PmNodeJson): PmNodeJson[] => {
    if (node.type === 'text') return [node];
    const choice = choices[next++ % choices.length];
    const content = node.content?.flatMap(visit);
    const kept: PmNodeJson = { ...node, ...(content ? { content } : {}) };
    if (choice === 0) return [];
    if (choice === 1) return [withText(kept, (was) => `${was}z`)];
    if (choice === 2) return [kept, { type: 'paragraph', attrs: { id: `${side}${next}` }, content: [{ type: 'text', text: `${side} added` }] }];
    if (choice === 3) return [withAttribute(kept)];
    if (choice === 7) return [withText(kept, () => `${side} rewrote ${next}`)];
    return [kept];
  };
  return { type: 'doc', content: (doc.content ?? []).flatMap(visit) };
}

function withText(node: PmNodeJson, rewrite: (was: string) => string): PmNodeJson {
  const at = node.content?.findIndex((child) => child.type === 'text') ?? -1;
  if (at < 0) return node;
  const content = [...node.content!];
  content[at] = { ...content[at]!, text: rewrite(content[at]!.text!) };
  return { ...node, content };
}

function withAttribute(node: PmNodeJson): PmNodeJson {
  if (node.type === 'heading') return { ...node, attrs: { ...node.attrs, level: node.attrs?.level === 1 ? 2 : 1 } };
  if (node.type === 'task_item') return { ...node, attrs: { ...node.attrs, checked: !node.attrs?.checked } };
  return node;
}

/** Writes page `p`'s body, or answers false when the edits left it outside the schema (a list without items…). */
export function written(docs: DocStore, spaceId: string, branch: Branch, content: PmNodeJson): boolean {
  try {
    writePage(docs, spaceId, branch, 'p', content);
    return true;
  } catch {
    return false;
  }
}
