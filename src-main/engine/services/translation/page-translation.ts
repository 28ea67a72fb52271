import type { PmNodeJson } from '../../../../src-shared/content/index.js';
import { countWords, mapText, mapTextRuns, type PieceMap } from './text-runs.js';
import type { TranslationRequest, Translator, TranslatorFailure } from './translator.js';

/** What of a page is translated: its title, description and, for a document page, its body. */
export interface PageText {
  title: string;
  description?: string;
  body?: PmNodeJson;
}

export type TranslatedPage = { ok: true; page: PageText; words: number } | TranslatorFailure;

type Languages = Omit<TranslationRequest, 'segments'>;

/**
 * Translates one page: its pieces of text are gathered (each distinct piece once), sent in as
 * few calls as the translator's batch allows, and put back where they came from.
 */
export async function translatePage(translator: Translator, page: PageText, languages: Languages, signal: AbortSignal): Promise<TranslatedPage> {
  const pieces = new Set<string>();
  mapPage(page, (piece) => {
    pieces.add(piece);
    return piece;
  });
  const distinct = [...pieces];
  const translated = new Map<string, string>();
  for (const batch of batches(distinct, translator.batch)) {
    const answer = await translator.translate({ ...languages, segments: batch }, signal);
    if (!answer.ok) return answer;
    // The spaces around a piece are put back by `mapText`: a translator's own would double them.
    batch.forEach((piece, index) => translated.set(piece, answer.segments[index]!.trim()));
  }
  const words = distinct.reduce((sum, piece) => sum + countWords(piece), 0);
  return { ok: true, page: mapPage(page, (piece) => translated.get(piece)!), words };
}

function mapPage(page: PageText, map: PieceMap): PageText {
  return {
    title: mapText(page.title, map),
    ...(page.description !== undefined ? { description: mapText(page.description, map) } : {}),
    ...(page.body ? { body: mapTextRuns(page.body, map) } : {}),
  };
}

/** Consecutive pieces, each batch within the limits; a piece longer than the character limit goes alone. */
export function batches(pieces: readonly string[], limits: { segments: number; characters: number }): string[][] {
  const out: string[][] = [];
  let current: string[] = [];
  let characters = 0;
  for (const piece of pieces) {
    if (current.length > 0 && (current.length === limits.segments || characters + piece.length > limits.characters)) {
      out.push(current);
      current = [];
      characters = 0;
    }
    current.push(piece);
    characters += piece.length;
  }
  if (current.length > 0) out.push(current);
  return out;
}
