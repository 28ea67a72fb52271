import { translatePage } from '../src-main/engine/services/translation/page-translation.js';
import type { TranslationRequest, Translator } from '../src-main/engine/services/translation/translator.js';
import { page } from './content-conversions.js';

/**
 * Folio's own share of translating a page of `blocks` blocks (every kind): gathering its text
 * runs, batching them as for LibreTranslate, and putting the answers back, against a translator
 * answering in process (upper case), so that no service's time is counted.
 */
export async function benchTranslations(blocks = 10_000): Promise<{ ms: number; calls: number; words: number }> {
  let calls = 0;
  const translator: Translator = {
    name: 'in-process',
    batch: { segments: 50, characters: 5000 },
    translate: async (request: TranslationRequest) => {
      calls++;
      return { ok: true, segments: request.segments.map((segment) => segment.toUpperCase()) };
    },
  };
  const start = performance.now();
  const answer = await translatePage(translator, { title: 'Bench', body: page(blocks) }, { source: 'en', target: 'fr', instructions: '' }, new AbortController().signal);
  const ms = Math.round(performance.now() - start);
  if (!answer.ok) throw new Error(answer.message);
  console.log(`\nTranslating a ${blocks}-block page, the translator in process: ${ms} ms, ${calls} calls, ${answer.words} words`);
  return { ms, calls, words: answer.words };
}
