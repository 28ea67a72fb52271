import { blockText, documentToPm } from '../../../../src-shared/content/index.js';
import type { TranslationRunError } from '../../../../src-shared/contract/translations.js';
import type { Clock } from '../../core/clock.js';
import { readFiles, readPages, type TreeFile } from '../../domain/content/tree.js';
import type { Database } from '../../core/db/database.js';
import type { DocStore } from '../../core/docs/store.js';
import type { BeforeWrite } from '../../core/pipeline/execute.js';
import { newId } from '../../core/ids.js';
import { mainTreeDoc } from '../../../../src-shared/sync/doc-names.js';
import { findSpace, type SpaceRow } from '../../domain/spaces/sql.js';
import {
  dropMapping, findTranslationById, forgetResult, markRunning, pageMappings, recordRun, saveMapping, unfinishedTranslationIds,
  type PageMapping, type TranslationRow,
} from '../../domain/translations/sql.js';
import { JobQueue } from '../../core/jobs/job-queue.js';
import { translatePage, type PageText } from './page-translation.js';
import { createResultSpace, writeResult } from './result-space.js';
import { readSourceStates, type SourcePage, type SourceState } from './source-pages.js';
import type { Translator } from './translator.js';

export const NO_TRANSLATOR_MESSAGE =
  'No translator is configured for this server: start it with --translator libretranslate --translator-url <address>, ' +
  'or --translator openai --translator-url <address> --translator-key <key> --translator-model <model> (docs/translations.md)';

declare module '../../core/pipeline/context.js' {
  interface Services {
    /** Runs translations: a handler asks for one once its transaction commits. */
    translations: Pick<TranslationRunner, 'enqueueAfterCommit'>;
  }
}

/** What a run read when it started, in one transaction: the source pages and where the last run left the result. */
interface Claimed {
  translation: TranslationRow;
  source: SpaceRow | undefined;
  /** The result space, when it still exists out of the trash. */
  result: SpaceRow | undefined;
  pages: SourcePage[];
  files: TreeFile[];
  mappings: Map<string, PageMapping>;
  /** The pages to translate: new, changed, or whose result page was removed. */
  changed: SourcePage[];
  startedAt: number;
}

type Translated = { ok: true; pages: Map<string, PageText>; words: number } | { ok: false; error: TranslationRunError };

/**
 * Runs translations in the background (docs/translations.md, "Runs"): each run claims the
 * translation and reads the source space in one short transaction, translates the pages that
 * changed since the last run with no transaction open, then writes the result space and the
 * stats in another. A run that fails writes nothing to the result space. Translations left
 * pending or running by a previous start of the engine are run again.
 */
export class TranslationRunner {
  private readonly jobs: JobQueue;

  constructor(
    private readonly db: Database,
    private readonly docs: DocStore,
    private readonly clock: Clock,
    private readonly translator: Translator | undefined,
    /** The result space is written as the translation's creator's (the change log of sync records it so). */
    private readonly beforeWrite: BeforeWrite,
    /** Reads the source pages' bodies, off the event loop (the engine's worker threads). */
    private readonly readSources: (states: SourceState[], salt: string) => Promise<SourcePage[]>,
  ) {
    this.jobs = new JobQueue(db, 'translation', (id, signal) => this.run(id, signal));
    for (const id of unfinishedTranslationIds(db)) this.jobs.enqueue(id);
  }

  enqueueAfterCommit(translationId: string): void {
    this.jobs.enqueueAfterCommit(translationId);
  }

  whenIdle(): Promise<void> {
    return this.jobs.whenIdle();
  }

  close(): void {
    this.jobs.close();
  }

  private async run(id: string, signal: AbortSignal): Promise<void> {
    const claimed = await this.claim(id);
    if (!claimed) return;
    const translated = await this.translate(claimed, signal);
    if (signal.aborted) return;
    if (this.record(claimed, translated) === 'again') this.jobs.enqueue(id);
  }

  private now(): string {
    return this.clock.now().toISOString();
  }

  /** Claims the translation and reads its source in one transaction; the source's bodies are read in a worker after it. */
  private async claim(id: string): Promise<Claimed | undefined> {
    if (this.jobs.closed) return undefined;
    const read = this.db.transaction(() => {
      const translation = findTranslationById(this.db, id);
      if (!translation) return undefined;
      const now = this.now();
      markRunning(this.db, id, now);
      const source = live(findSpace(this.db, translation.source_space_id, now));
      const result = live(translation.result_space_id === null ? undefined : findSpace(this.db, translation.result_space_id, now));
      if (translation.result_space_id !== null && !result) forgetResult(this.db, id);
      const mappings = result ? pageMappings(this.db, id) : new Map<string, PageMapping>();
      const states = source ? readSourceStates(this.docs, source.id) : [];
      const files = source ? [...readFiles(this.docs.load(mainTreeDoc(source.id))).values()] : [];
      const existing = result ? readPages(this.docs.load(mainTreeDoc(result.id))) : new Map();
      return { translation, source, result, states, files, mappings, existing, startedAt: this.clock.now().getTime() };
    });
    if (!read) return undefined;
    const { states, existing, ...claimed } = read;
    const pages = await this.readSources(states, `${read.translation.language}\0${read.translation.instructions}`);
    const changed = pages.filter((page) => {
      const mapping = read.mappings.get(page.tree.id);
      return !mapping || mapping.hash !== page.hash || !existing.has(mapping.target);
    });
    return { ...claimed, pages, changed };
  }

  private async translate(claimed: Claimed, signal: AbortSignal): Promise<Translated> {
    const { translation } = claimed;
    if (!claimed.source) {
      return { ok: false, error: { code: 'SOURCE_UNAVAILABLE', message: `The source space ${translation.source_space_id} no longer exists or is in the trash` } };
    }
    if (!this.translator) return { ok: false, error: { code: 'NO_TRANSLATOR', message: NO_TRANSLATOR_MESSAGE } };
    const languages = { source: translation.source_language, target: translation.language, instructions: instructionsText(translation.instructions) };
    const pages = new Map<string, PageText>();
    let words = 0;
    for (const page of claimed.changed) {
      const answer = await translatePage(this.translator, page.text, languages, signal);
      if (!answer.ok) return { ok: false, error: { code: answer.code, message: `Page "${page.tree.title}": ${answer.message}` } };
      pages.set(page.tree.id, answer.page);
      words += answer.words;
    }
    return { ok: true, pages, words };
  }

  /** Records the run; 'again' when the result space went away meanwhile, so that a new run writes a new one whole. */
  private record(claimed: Claimed, translated: Translated): 'again' | undefined {
    return this.db.transaction(() => {
      const translation = findTranslationById(this.db, claimed.translation.id);
      if (!translation) return undefined;
      const now = this.now();
      this.beforeWrite(this.db, translation.created_by);
      const base = { generation: claimed.translation.run_generation, durationMs: this.clock.now().getTime() - claimed.startedAt };
      if (!translated.ok) {
        recordRun(this.db, translation.id, { ...base, pages: 0, words: 0, error: translated.error }, now);
        return undefined;
      }
      const result = claimed.result ? live(findSpace(this.db, claimed.result.id, now)) : this.newResult(claimed, now);
      if (!result) {
        forgetResult(this.db, translation.id);
        return 'again';
      }
      const revisionId = this.write(claimed, translated.pages, result, now);
      const outcome = { ...base, pages: translated.pages.size, words: translated.words, error: null, result: { spaceId: result.id, revisionId } };
      recordRun(this.db, translation.id, outcome, now);
      return undefined;
    });
  }

  private newResult(claimed: Claimed, now: string): SpaceRow | undefined {
    const id = createResultSpace(this.db, this.docs, claimed.source!, claimed.translation.language, now);
    return findSpace(this.db, id, now);
  }

  /** Writes the result space and the page map; answers the result's revision. */
  private write(claimed: Claimed, translated: Map<string, PageText>, result: SpaceRow, now: string): string {
    const id = claimed.translation.id;
    const targets = new Map(claimed.pages.map((page) => [page.tree.id, claimed.mappings.get(page.tree.id)?.target ?? newId()]));
    const removed = [...claimed.mappings].filter(([source]) => !targets.has(source));
    const revisionId = writeResult(this.db, this.docs, {
      space: result, pages: claimed.pages, files: claimed.files, targets, translated, removed: removed.map(([, mapping]) => mapping.target), now,
    });
    for (const page of claimed.changed) saveMapping(this.db, id, page.tree.id, { target: targets.get(page.tree.id)!, hash: page.hash });
    for (const [source] of removed) dropMapping(this.db, id, source);
    return revisionId;
  }
}

const live = (space: SpaceRow | undefined) => (space && space.deleted_at === null ? space : undefined);

/** The instructions Document as plain text, one block a line, for translators that take instructions. */
function instructionsText(json: string): string {
  const body = documentToPm(JSON.parse(json) as unknown);
  if (!body.ok) return '';
  return (body.value.content ?? []).map(blockText).join('\n').trim();
}
