import { sameBytes, type ForkBase } from '../../core/docs/fork.js';
import type { DocUpdate } from '../../core/docs/observers.js';
import type { DocStore } from '../../core/docs/store.js';
import { EMPTY_UPDATE } from '../../core/docs/updates.js';
import { MAIN, pageDoc, parseDocName, treeDoc } from '../../../../src-shared/sync/doc-names.js';
import { MalformedFrame } from './channel.js';
import type { SentForkBase } from './doc-messages.js';

/**
 * A change request's doc that another engine wrote, arriving without a fork base (from a peer
 * from before, or data whose base was not kept), is written here too before its update applies:
 * a copy of its source (main's doc) as it is now, as copy-before-write would make (docs/sync.md,
 * "Forked docs"). Left unwritten it would go on reading main as main moves, while the writer holds
 * a copy. A doc that came with a base took it first (`takeForkBase`) and is written already.
 */
export function materializeForkedDoc(docs: DocStore, docId: string): void {
  if (parseDocName(docId)?.branch.kind !== 'change-request' || docs.writtenUnder(docId).includes(docId)) return;
  const base = docs.forkBase(docId);
  if (base) docs.fork(base.sourceDocId, docId);
}

/**
 * A change request's doc that arrives here unwritten and could not be copied is written empty
 * first, so that it holds exactly what arrives, as its sender's does. Nothing is copied when no
 * fork is recorded yet (a replica: live updates overtook the change request's row) or when main's
 * doc has no row here (a main doc's first row, without structs, does not travel). The sender's
 * copy of an empty doc brings no structs either: left unwritten, the doc read main's later pages
 * here while the sender kept its empty copy (docs/sync.md, "Forked docs"). Call it after
 * `materializeForkedDoc`; `mayWrite` is asked last, only for such a doc; `origin` keeps the
 * empty row from being sent back.
 */
export function writeUncopiedEmpty(docs: DocStore, docId: string, origin: unknown, mayWrite: () => boolean = () => true): void {
  if (parseDocName(docId)?.branch.kind !== 'change-request' || docs.writtenUnder(docId).includes(docId) || !mayWrite()) return;
  docs.append(docId, EMPTY_UPDATE, origin);
}

/** The main doc a change request's tree or page is a copy of; undefined for any other doc (comments are not forked). */
export function forkSourceOf(docId: string): string | undefined {
  const name = parseDocName(docId);
  if (name?.branch.kind !== 'change-request' || name.kind === 'comments') return undefined;
  return name.kind === 'tree' ? treeDoc(name.spaceId, MAIN) : pageDoc(name.spaceId, MAIN, name.pageId);
}

/** What a peer gets of a doc: `content()`, and for a change request doc its fork base, where one is recorded. */
export interface Outgoing {
  update: Uint8Array;
  forkBase?: SentForkBase;
}

/**
 * A change request doc goes with its fork base, so that the peer builds it from the same copy of
 * main and judges conflicts against it (docs/sync.md, "Fork bases"). A doc that holds nothing but
 * its copy sends the base alone: copies travel as bases, never as content, so a copy made after
 * main moved cannot bring main's later text into a change request elsewhere.
 */
export function outgoingDoc(docs: DocStore, docId: string, content: (base?: ForkBase) => Uint8Array): Outgoing {
  const fork = forkSourceOf(docId) ? docs.writtenFork(docId) : undefined;
  if (!fork) return { update: content() };
  return { update: fork.copyOnly ? EMPTY_UPDATE : content(fork.base), forkBase: sentBase(fork.base, !fork.copyOnly) };
}

/**
 * A committed row as a peer gets it: a change request doc's copy (or adopted base) is sent as its
 * base alone; a row written where its base moved (an update, or a moved base taken) goes with
 * that base, so that peers move theirs too. Other rows go alone: a keystroke carries no base.
 */
export function outgoingRow(docs: DocStore, event: DocUpdate): Outgoing {
  if (!forkSourceOf(event.docId)) return { update: event.update };
  if (docs.isForkCopy(event.docId, event.update)) {
    return { update: EMPTY_UPDATE, forkBase: { update: event.update, edited: docs.writtenFork(event.docId)?.copyOnly === false } };
  }
  const fork = event.baseMoved ? docs.writtenFork(event.docId) : undefined;
  return fork ? { update: event.update, forkBase: sentBase(fork.base, !fork.copyOnly) } : { update: event.update };
}

function sentBase(base: ForkBase, edited: boolean): SentForkBase {
  return { update: base.baseUpdate, edited, ...(base.movedFrom && { movedFrom: base.movedFrom }), ...(base.movedConflicts && { conflicts: base.movedConflicts }) };
}

/**
 * A peer's fork base, taken before what came with it applies: a doc here that holds nothing but
 * a copy (or nothing) becomes that base. A replica takes the hub's (`over: 'copy'`), so every
 * engine ends with the hub's; the hub takes a replica's base that was edited on, and a mere copy
 * only if it is older than its own. A doc written here keeps its base.
 */
export function takeForkBase(docs: DocStore, docId: string, forkBase: SentForkBase, origin: unknown, over: 'copy' | 'earlier-copy'): boolean {
  const sourceDocId = forkSourceOf(docId);
  if (!sourceDocId) return false;
  const taken = docs.adoptForkBase(docId, sourceDocId, forkBase.update, origin, over, forkBase.movedFrom);
  if (!taken.ok) throw new MalformedFrame(taken.problem.message);
  if (taken.adopted) withConflicts(docs, docId, forkBase);
  return taken.adopted;
}

/**
 * A peer's fork base, judged after what came with it applied by a doc written here, which keeps
 * its content and takes the base that comes first (`DocStore.preferForkBase`): a base an update
 * moved over a copy or an earlier moved one, the earlier of two copies. So every engine ends with
 * one base, and judges a merge or an update as the others do (docs/sync.md, "Fork bases"). A
 * page body whose later copy gives way to an earlier base hides the text main wrote between the
 * two in the blocks writers touched, now and on each later push; a tree keeps it all (docs/sync.md,
 * "Fork bases" and "Not yet").
 */
export function preferForkBase(docs: DocStore, docId: string, forkBase: SentForkBase, by: 'hub' | 'replica'): void {
  const sourceDocId = forkSourceOf(docId);
  if (!sourceDocId) return;
  const hideLaterCopy = parseDocName(docId)?.kind === 'page';
  const preferred = docs.preferForkBase(docId, sourceDocId, forkBase.update, forkBase.movedFrom, by, hideLaterCopy);
  if (!preferred.ok) throw new MalformedFrame(preferred.problem.message);
  withConflicts(docs, docId, forkBase);
}

/**
 * A moved base held here, taken now or before, keeps the conflicts it came with (migration 031):
 * its doc may arrive before the conflict rows, and a merge here waits for them.
 */
function withConflicts(docs: DocStore, docId: string, forkBase: SentForkBase): void {
  if (!forkBase.movedFrom || !forkBase.conflicts) return;
  const own = docs.forkBase(docId);
  if (own?.movedFrom && sameBytes(own.baseUpdate, forkBase.update)) docs.noteMovedConflicts([docId], forkBase.conflicts);
}
