import { describe, expect, it } from 'vitest';
import { languageName, statsWords, statusWords, type Translation } from '../../src-renderer/translations/translation-words.js';

const stats = { runs: 2, totalWords: 40, totalPages: 3, totalDuration: 5, latestRunDuration: 2, latestPages: 1, latestWords: 1 };
const translation = (fields: Partial<Translation>) => ({ status: 'completed', stats, ...fields }) as Translation;

describe('a translation in words', () => {
  it('says where it stands; a completed run that failed is Failed', () => {
    expect(statusWords(translation({ status: 'pending' }))).toBe('Waiting to run');
    expect(statusWords(translation({ status: 'running' }))).toBe('Translating…');
    expect(statusWords(translation({}))).toBe('Translated');
    expect(statusWords(translation({ lastRunError: { code: 'NO_TRANSLATOR', message: 'No translator' } }))).toBe('Failed');
  });

  it('reads its stats, one and many', () => {
    expect(statsWords(stats)).toBe('2 runs · latest run: 1 page, 1 word, 2 s · in all: 3 pages, 40 words');
  });

  it('names languages, the codes of the reference included', () => {
    expect(languageName('fr')).toBe('French');
    expect(languageName('pt-br')).toBe('Brazilian Portuguese');
  });
});
