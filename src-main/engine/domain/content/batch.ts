import type * as Y from 'yjs';
import type { ChangeRequestContentChange } from '../../../../src-shared/contract/content.js';
import type { Result } from '../../../../src-shared/content/index.js';
import type { BuiltBody } from './built-body.js';
import { writePageBody, type ParsedPage } from './page-body.js';
import type { PlannedPageBody } from './planned-body.js';
import { DocEdits } from './doc-edits.js';
import { watchTree, type TreeChanges } from './tree-watch.js';
import { bySiblingOrder, childrenIndex, pagesMap, readPage, readPages, type TreePage } from './tree.js';
import type { RequestContext } from '../../core/pipeline/context.js';
import { badRequest, type Failure } from '../../core/pipeline/failure.js';
import { pageDoc, treeDoc } from '../../../../src-shared/sync/doc-names.js';
import type { ContentTarget } from './rules.js';

/** What a batch reports of each page it touched, in the order the pages were first touched. */
export type Outcome =
  | { object: 'created_page'; ref?: string; page: string }
  | { object: 'updated_page'; page: string }
  | { object: 'deleted_page'; page: string };

/**
 * One `updateChangeRequestContent` call: the change request's docs opened once, every change
 * applied to them in order, and what was touched, for the answer. Nothing reaches the store until
 * `edits.save()`, after every change was accepted.
 */
export class Batch {
  readonly edits: DocEdits;
  readonly outcomes = new Map<string, Outcome>();
  readonly refs = new Set<string>();
  private readonly treeId: string;
  private treeChanges: TreeChanges | undefined;
  /** The tree's pages as last read, and their children by parent once asked for, kept up to date as the batch changes them. */
  private known: KnownPages | undefined;
  private readonly builtUsed = new WeakSet<BuiltBody>();
  /** Stops the observers the batch put on its copy of the tree, before the copy goes back to the store. */
  private readonly stops: (() => void)[] = [];

  /** Large bodies written off the event loop for this request (planned-body.ts), each used once. */
  private readonly planned: Map<string, PlannedPageBody>;

  constructor(
    readonly ctx: RequestContext,
    readonly target: ContentTarget,
    planned?: ReadonlyMap<string, PlannedPageBody>,
  ) {
    this.planned = new Map(planned);
    this.edits = new DocEdits(ctx.docs);
    this.treeId = treeDoc(target.space.id, target.branch);
  }

  /** The tree, to change it. Copying a large tree costs: changes that only read it use `pages()`. */
  get tree(): Y.Doc {
    const doc = this.edits.open(this.treeId);
    this.treeChanges ??= watchTree(doc, this.stops);
    return doc;
  }

  /**
   * Appends what the batch changed. The projector is lent the tree as written and the pages changed,
   * so that it reads and writes only their rows.
   */
  save(): void {
    const saved = this.edits.save().get(this.treeId);
    if (saved && this.treeChanges) this.ctx.projector.lend(this.treeId, saved.seq, saved.doc, this.treeChanges);
    for (const stop of this.stops.splice(0)) stop();
    this.edits.spareSaved(this.treeId);
  }

  /**
   * The tree's pages as they stand. Read once per batch and then followed: each change re-reads
   * only the pages it changed (a batch of 50 inserts into a tree of 1,000 pages read 50,000 pages).
   * Read it, do not keep it: it moves with the tree.
   */
  pages(): ReadonlyMap<string, TreePage> {
    return this.follow().pages;
  }

  /**
   * The siblings `parent` has, in order, leaving `except` out (the page being moved). The index of
   * children is built once per batch and then moved page by page: sorting every sibling list again
   * for each page of a 1,000-page import was a tenth of its requests' time.
   */
  siblings(parent: string | null, except?: string): readonly TreePage[] {
    const known = this.follow();
    known.children ??= childrenIndex(known.pages);
    const children = known.children.get(parent) ?? [];
    // Read it, do not keep it: the batch's next change moves it.
    return except === undefined ? children : children.filter((page) => page.id !== except);
  }

  /**
   * The slugs `parent`'s children have, leaving `except` out: counted once per batch with the index
   * of children and moved with it (a set made of every sibling for each page of a 1,000-page import
   * was ~1 ms of each 20-page request).
   */
  siblingSlugs(parent: string | null, except?: string): { has(slug: string): boolean } {
    const known = this.follow();
    known.children ??= childrenIndex(known.pages);
    known.slugs ??= slugCounts(known.children);
    const counts = known.slugs.get(parent);
    const left = except === undefined ? undefined : known.pages.get(except);
    const own = left?.parent === parent ? left.slug : undefined;
    return { has: (slug) => (counts?.get(slug) ?? 0) - (slug === own ? 1 : 0) > 0 };
  }

  private follow(): KnownPages {
    const doc = this.edits.read(this.treeId);
    if (this.known?.doc !== doc) this.known = followed.get(doc) ?? startFollowing(doc);
    return this.known;
  }

  pageBody(pageId: string): Y.Doc {
    return this.edits.open(pageDoc(this.target.space.id, this.target.branch, pageId));
  }

  /**
   * Writes a page's new body: as a worker planned it, when the plan was made for this very body
   * from the doc as it still stands (appended as it is, its projection written from the facts the
   * worker read); else here, into the page's doc.
   */
  writePageBody(pageId: string, parsed: ParsedPage): Result<void> {
    const docId = pageDoc(this.target.space.id, this.target.branch, pageId);
    const plan = this.planned.get(docId);
    this.planned.delete(docId);
    const usable =
      plan !== undefined &&
      !this.edits.opened(docId) &&
      plan.fromMarkdown === parsed.fromMarkdown &&
      plan.version === this.ctx.docs.versionOf(docId) &&
      plan.bodyJson === JSON.stringify(parsed.body);
    if (usable && this.edits.plan(docId, plan.write, (seq) => this.ctx.projector.lendBodyFacts(docId, seq, plan.facts))) return { ok: true, value: undefined };
    return writePageBody(this.pageBody(pageId), parsed);
  }

  /**
   * Gives a page this batch just created the body a worker built for a new doc (built-body.ts):
   * appended as it is on save, and its projection written from the facts the worker read. Each
   * built body serves one page: two pages sent with the same Markdown share one reading.
   */
  createPageBody(pageId: string, built: BuiltBody): boolean {
    const docId = pageDoc(this.target.space.id, this.target.branch, pageId);
    if (this.builtUsed.has(built) || !this.edits.create(docId, built, (seq) => this.ctx.projector.lendBodyFacts(docId, seq, built.facts))) return false;
    this.builtUsed.add(built);
    return true;
  }

  /** Records what happened to a page; a page created then updated stays created, a deleted one stays deleted. */
  touched(outcome: Outcome): void {
    const before = this.outcomes.get(outcome.page);
    if (before?.object === 'created_page' && outcome.object === 'updated_page') return;
    if (before?.object === 'created_page' && outcome.object === 'deleted_page') this.outcomes.delete(outcome.page);
    else this.outcomes.set(outcome.page, outcome);
  }
}

/**
 * The pages of each tree doc a batch read, followed for as long as the doc lives: the store's
 * loaded doc as commits move it on, and a batch's copy, which the store spares for the next
 * request that writes the tree (`DocStore.takeCopy`). Each batch of an import read the pages of
 * both again (a 1,000-page tree: ~2 ms of each request).
 */
const followed = new WeakMap<Y.Doc, KnownPages>();

/** The doc's pages, kept up to date with every change made to it from now on. */
function startFollowing(doc: Y.Doc): KnownPages {
  const known: KnownPages = { doc, pages: readPages(doc) };
  followed.set(doc, known);
  const map = pagesMap(doc);
  map.observeDeep((events: Y.YEvent<Y.AbstractType<unknown>>[]) => {
    for (const event of events) {
      const ids = event.target === map ? [...(event as Y.YMapEvent<unknown>).keysChanged] : [String(event.path[0])];
      for (const id of ids) {
        const fields = map.get(id);
        const page = fields && readPage(id, fields);
        const before = known.pages.get(id);
        if (page) known.pages.set(id, page);
        else known.pages.delete(id);
        if (known.children) moveChild(known.children, before, page);
        if (known.slugs) moveSlug(known.slugs, before, page);
      }
    }
  });
  return known;
}

interface KnownPages {
  doc: Y.Doc;
  pages: Map<string, TreePage>;
  children?: Map<string | null, TreePage[]>;
  /** How many of each parent's children have each slug (sync may leave two siblings one slug). */
  slugs?: Map<string | null, Map<string, number>>;
}

function slugCounts(children: ReadonlyMap<string | null, readonly TreePage[]>): Map<string | null, Map<string, number>> {
  const slugs = new Map<string | null, Map<string, number>>();
  for (const [parent, list] of children) {
    const counts = new Map<string, number>();
    for (const page of list) counts.set(page.slug, (counts.get(page.slug) ?? 0) + 1);
    slugs.set(parent, counts);
  }
  return slugs;
}

/** Counts a page's old slug out of its old parent's and its new one into its new parent's. */
function moveSlug(slugs: Map<string | null, Map<string, number>>, before: TreePage | undefined, after: TreePage | undefined): void {
  if (before) {
    const counts = slugs.get(before.parent);
    const count = counts?.get(before.slug) ?? 0;
    if (count > 1) counts!.set(before.slug, count - 1);
    else counts?.delete(before.slug);
  }
  if (!after) return;
  let counts = slugs.get(after.parent);
  if (!counts) slugs.set(after.parent, (counts = new Map()));
  counts.set(after.slug, (counts.get(after.slug) ?? 0) + 1);
}

/** Takes a page's old version out of its parent's children and puts its new one in its place by sibling order. */
function moveChild(children: Map<string | null, TreePage[]>, before: TreePage | undefined, after: TreePage | undefined): void {
  if (before) {
    const list = children.get(before.parent);
    const at = list?.indexOf(before) ?? -1;
    if (at !== -1) list!.splice(at, 1);
  }
  if (!after) return;
  let list = children.get(after.parent);
  if (!list) children.set(after.parent, (list = []));
  let low = 0;
  let high = list.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (bySiblingOrder(list[mid]!, after) < 0) low = mid + 1;
    else high = mid;
  }
  list.splice(low, 0, after);
}

/** A 400 naming the change and its field, e.g. `body.changes.2.page: …`. */
export function invalidChange(index: number, field: string, message: string): Failure {
  return badRequest(`body.changes.${index}${field ? `.${field}` : ''}: ${message}`);
}

export type Change = ChangeRequestContentChange;
export type ChangeOf<K extends Change['operation']> = Extract<Change, { operation: K }>;
