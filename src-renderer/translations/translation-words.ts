import type { Answer } from '../api/types.js';

export type Translation = Answer<'getTranslation'>;
export type Language = Translation['language'];

const names = new Intl.DisplayNames(['en'], { type: 'language' });

/** A language code in words (`pt-br` → Brazilian Portuguese), falling back to the code. */
export function languageName(code: string): string {
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

/** Where a translation stands, in words: its latest run failed, or its status. */
export function statusWords(translation: Translation): string {
  if (translation.status === 'pending') return 'Waiting to run';
  if (translation.status === 'running') return 'Translating…';
  return translation.lastRunError ? 'Failed' : 'Translated';
}

export const isUnfinished = (translation: Translation) => translation.status !== 'completed';

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/** The stats a person reads: runs, pages and words of the latest run and in all. */
export function statsWords(stats: Translation['stats']): string {
  return [
    plural(stats.runs, 'run'),
    `latest run: ${plural(stats.latestPages, 'page')}, ${plural(stats.latestWords, 'word')}, ${stats.latestRunDuration} s`,
    `in all: ${plural(stats.totalPages, 'page')}, ${plural(stats.totalWords, 'word')}`,
  ].join(' · ');
}
