import * as Y from 'yjs';
import { BODY_FRAGMENT, readBlock, sectionsOf, type Section } from '../../../../src-shared/content/index.js';
import { blockId, factsOf, type PrereadBlocks } from './body-preread.js';
import { blockFacts, bodyHash, gatherLinks, linksOf, runDigest, type BlockFacts, type BodyFacts, type BodyLink } from './body-text.js';

type Block = Y.XmlElement | Y.XmlText;

/** Blocks whose links `finish` gathers between two looks at the clock. */
const LINKS_PER_STEP = 500;

/** How many times the blocks are read again when reading them changed the doc (y-prosemirror drops a block it cannot read). */
const MAX_ROUNDS = 8;

/** The blocks from one top-level heading up to the next (or those before the first): the sections they make, their digest. */
interface Run {
  from: number;
  to: number;
  sections: Section[];
  digest: Buffer;
}

/**
 * The facts of a page body (content/body-text.ts), kept as its doc changes: a keystroke converts
 * the block it touched and cuts again the one section holding it, not the whole body (on a
 * 10,000-block page, reading every block and cutting every section took ~40 ms a keystroke). It
 * follows the doc's body fragment: a change inside a block marks that block, a change of the
 * fragment's own list (blocks added, removed, moved) marks the order, and both are worked out when
 * the facts are next asked for. Sections that did not change stay the same strings, so writing
 * the rows compares them at no cost. The facts are those of `bodyFacts(readBody(doc))`, made of
 * the same pieces: each block converted as `readBody` converts it, each run of blocks cut into
 * sections and digested as `bodyFacts` does (test/engine/domain/content/body-index.test.ts compares them
 * over random edits).
 */
export class BodyIndex {
  private readonly fragment: Y.XmlFragment;
  /** Every block of the fragment in order, and its facts (undefined: it reads as nothing). */
  private order: Block[] = [];
  private facts = new Map<Block, BlockFacts | undefined>();
  /** The blocks that read as something, in order, with their index, their runs and their links. */
  private readable: BlockFacts[] = [];
  private position = new Map<Block, number>();
  private runs: Run[] = [];
  private links: BodyLink[] = [];
  private runOf: Int32Array = new Int32Array(0);
  private readonly dirty = new Set<Y.AbstractType<any>>();
  private reorder = true;
  /** Blocks `readAhead` has yet to read, last first. */
  private pending: Block[] | undefined;
  /** Links gathered so far from the readable blocks before `upTo`, while `readAhead` finishes a rebuild in slices. */
  private gathering: { links: Map<string, BodyLink>; upTo: number } | undefined;
  /** The first run whose sections are yet to be cut, while `readAhead` finishes a rebuild in slices; undefined once all are. */
  private uncut: number | undefined;
  /** Blocks' facts a worker read from the rows the doc was built from (`usePreread`), and where each block's are by its id; a block's go once it changes. */
  private preread: { blocks: PrereadBlocks; at: Map<string, number> } | undefined;
  /** The facts last written for each place that projects this doc (main's rows, change requests reading through main). */
  private readonly written = new Map<string, BodyFacts>();

  constructor(doc: Y.Doc) {
    this.fragment = doc.getXmlFragment(BODY_FRAGMENT);
    this.fragment.observeDeep((events) => this.note(events));
  }

  /** The body's facts as the doc stands. */
  body(): BodyFacts {
    this.refresh();
    return { hash: bodyHash(this.runs.map((run) => run.digest)), sections: this.runs.flatMap((run) => run.sections), links: this.links };
  }

  /**
   * Reads blocks not read yet for at most `budgetMs`; true once every block is read and the facts
   * stand. Run in short slices while nobody asks (a room opening on a 10,000-block page), it
   * spares the first keystroke reading the whole body (1–1.6 s) in one go. A block that changes
   * meanwhile is marked as ever and read again when the facts are next asked for.
   */
  readAhead(budgetMs: number): boolean {
    const started = performance.now();
    const spent = () => performance.now() - started > budgetMs;
    if (this.reorder || this.dirty.size > 0) {
      this.pending ??= this.fragment.toArray() as Block[];
      while (this.pending.length > 0) {
        const block = this.pending.pop()!;
        if (!this.facts.has(block) && !block._item?.deleted) this.facts.set(block, this.read(block));
        if (spent()) return false;
      }
      this.pending = undefined;
      this.preread = undefined;
      // The order and the runs, from blocks all read; their links and sections are gathered in the slices that follow.
      this.refresh(false);
    }
    return this.finish(spent);
  }

  /**
   * Facts a worker read from the rows this doc was built from (body-preread.ts), given before
   * anything else changed the doc: a block not changed since is not read again, its facts parsed
   * instead (on a 10,000-block page, reading every block held the loop ~0.6 s in slices).
   */
  usePreread(blocks: PrereadBlocks): void {
    this.preread = { blocks, at: new Map(blocks.ids.map((id, i) => [id, i])) };
  }

  /** What was last written for `place` from this doc, to write only what changed since. */
  lastWritten(place: string): BodyFacts | undefined {
    return this.written.get(place);
  }

  wrote(place: string, facts: BodyFacts): void {
    this.written.set(place, facts);
  }

  private note(events: Y.YEvent<any>[]): void {
    for (const event of events) {
      let type: Y.AbstractType<any> = event.target;
      if (type === this.fragment) {
        this.reorder = true;
        continue;
      }
      while (type.parent && type.parent !== this.fragment) type = type.parent;
      this.dirty.add(type);
      if (this.preread) this.preread.at.delete(blockId(type as Block) ?? '');
    }
  }

  /** Works out what changed since the facts were last asked for; `finished` false leaves what a rebuild has yet to gather and cut to `readAhead`'s slices. */
  private refresh(finished = true): void {
    let reordered = false;
    const changed = new Set<Block>();
    for (let round = 0; this.reorder || this.dirty.size > 0; round++) {
      // Reading a block it cannot read makes y-prosemirror delete it: the doc moved while read, so read what moved again.
      if (round === MAX_ROUNDS) throw new Error('a page body kept changing while its blocks were read');
      const dirty = new Set(this.dirty) as Set<Block>;
      this.dirty.clear();
      if (this.reorder) {
        this.reorder = false;
        reordered = true;
        this.order = this.fragment.toArray() as Block[];
        const facts = new Map<Block, BlockFacts | undefined>();
        for (const block of this.order) facts.set(block, this.facts.has(block) && !dirty.has(block) ? this.facts.get(block) : this.read(block));
        this.facts = facts;
      } else {
        for (const block of dirty) {
          if (!this.facts.has(block)) continue;
          this.facts.set(block, read(block));
          changed.add(block);
        }
      }
    }
    if (reordered || [...changed].some((block) => !this.keepsItsPlace(block))) {
      this.rebuild();
      if (finished) this.finish();
      return;
    }
    const runs = new Set<number>();
    let links = false;
    for (const block of changed) {
      const at = this.position.get(block)!;
      const facts = this.facts.get(block)!;
      links ||= !sameLinks(facts.links, this.readable[at]!.links);
      this.readable[at] = facts;
      runs.add(this.runOf[at]!);
    }
    for (const run of runs) this.cut(this.runs[run]!);
    // Unchanged, the links stay the same array: writing the rows then skips them (projection-sql.ts).
    if (links && this.gathering) this.gathering = { links: new Map(), upTo: 0 };
    else if (links) this.links = linksOf(this.readable);
    if (finished) this.finish();
  }

  /** A block's facts: those a worker read, while it has not changed since, or read now. */
  private read(block: Block): BlockFacts | undefined {
    const id = this.preread && blockId(block);
    const at = id === undefined ? undefined : this.preread!.at.get(id);
    if (at === undefined) return read(block);
    this.preread!.at.delete(id!);
    return factsOf(this.preread!.blocks, at);
  }

  /** Whether a block read again still reads as something and starts a run exactly when it did: then only its run changes. */
  private keepsItsPlace(block: Block): boolean {
    const at = this.position.get(block);
    const facts = this.facts.get(block);
    if (at === undefined || !facts) return false;
    return !!facts.summary.heading === !!this.readable[at]!.summary.heading;
  }

  /** The readable blocks, their places and runs, from the order and the facts; their links and sections are left to `finish`. */
  private rebuild(): void {
    this.readable = [];
    this.position = new Map();
    for (const block of this.order) {
      const facts = this.facts.get(block);
      if (!facts) continue;
      this.position.set(block, this.readable.length);
      this.readable.push(facts);
    }
    this.gathering = { links: new Map(), upTo: 0 };
    this.runs = [];
    this.runOf = new Int32Array(this.readable.length);
    this.readable.forEach((facts, at) => {
      if (at === 0 || facts.summary.heading) this.runs.push({ from: at, to: at, sections: [], digest: Buffer.alloc(0) });
      const run = this.runs[this.runs.length - 1]!;
      run.to = at + 1;
      this.runOf[at] = this.runs.length - 1;
    });
    this.uncut = this.runs.length > 0 ? 0 : undefined;
  }

  /**
   * Gathers the links and cuts the runs a rebuild left, until `spent` says to stop (on a
   * 10,000-block page, ~100 ms of work done at once when its room opened); true once all are done.
   */
  private finish(spent: () => boolean = () => false): boolean {
    // A step at least each call, whatever the budget: every call moves on.
    for (;;) {
      if (this.gathering) {
        const { links, upTo } = this.gathering;
        const to = Math.min(upTo + LINKS_PER_STEP, this.readable.length);
        gatherLinks(this.readable, upTo, to, links);
        if (to < this.readable.length) this.gathering.upTo = to;
        else [this.links, this.gathering] = [[...links.values()], undefined];
      } else if (this.uncut !== undefined) {
        this.cut(this.runs[this.uncut]!);
        this.uncut = this.uncut + 1 < this.runs.length ? this.uncut + 1 : undefined;
      } else return true;
      if (spent() && (this.gathering || this.uncut !== undefined)) return false;
    }
  }

  /** `sectionsOf` cuts each run alone as it cuts the whole body: a heading starts afresh. */
  private cut(run: Run): void {
    const blocks = this.readable.slice(run.from, run.to);
    run.sections = sectionsOf(blocks.map((facts) => facts.summary));
    run.digest = runDigest(blocks);
  }
}

function sameLinks(a: readonly BodyLink[], b: readonly BodyLink[]): boolean {
  return a.length === b.length && a.every((link, i) => link.kind === b[i]!.kind && link.target === b[i]!.target);
}

function read(block: Block): BlockFacts | undefined {
  const json = readBlock(block);
  return json && blockFacts(json);
}
