import type { TranslationErrorCode } from '../../../../src-shared/contract/translations.js';

/** What a translator is asked: text segments of one page, in order, and between which languages. */
export interface TranslationRequest {
  segments: string[];
  source: string;
  target: string;
  /** The translation's instructions as plain text (empty when none); backends that cannot take them ignore them. */
  instructions: string;
}

export type TranslatorFailure = { ok: false; code: Extract<TranslationErrorCode, 'TRANSLATOR_UNAVAILABLE' | 'TRANSLATOR_ERROR'>; message: string };

/** One translated segment per segment asked, in the same order; or why there is none. */
export type TranslationAnswer = { ok: true; segments: string[] } | TranslatorFailure;

/** A translation service Folio calls over HTTP (docs/translations.md, "Translators"). */
export interface Translator {
  /** Says which service it is, in messages: `LibreTranslate at http://…`. */
  readonly name: string;
  /** How many segments, and characters, one call may carry. */
  readonly batch: { segments: number; characters: number };
  translate(request: TranslationRequest, signal: AbortSignal): Promise<TranslationAnswer>;
}

export const unavailable = (message: string): TranslatorFailure => ({ ok: false, code: 'TRANSLATOR_UNAVAILABLE', message });
export const translatorError = (message: string): TranslatorFailure => ({ ok: false, code: 'TRANSLATOR_ERROR', message });
