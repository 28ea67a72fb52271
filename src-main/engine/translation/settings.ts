import { LibreTranslate } from './libretranslate.js';
import { OpenAIChat } from './openai-chat.js';
import type { Translator } from './translator.js';

export const TRANSLATOR_KINDS = ['libretranslate', 'openai'] as const;
export type TranslatorKind = (typeof TRANSLATOR_KINDS)[number];

/** Which translation service the engine calls, as the server's flags or the desktop's settings give it. */
export interface TranslatorSettings {
  kind: TranslatorKind;
  url: string;
  key?: string;
  /** The chat model (OpenAI-compatible services only). */
  model?: string;
  timeoutMs?: number;
}

export const DEFAULT_TRANSLATOR_TIMEOUT_MS = 60_000;
const DEFAULT_CHAT_MODEL = 'gpt-4o-mini';

export function createTranslator(settings: TranslatorSettings): Translator {
  const timeoutMs = settings.timeoutMs ?? DEFAULT_TRANSLATOR_TIMEOUT_MS;
  if (settings.kind === 'libretranslate') return new LibreTranslate({ url: settings.url, key: settings.key, timeoutMs });
  return new OpenAIChat({ url: settings.url, key: settings.key, model: settings.model ?? DEFAULT_CHAT_MODEL, timeoutMs });
}

/** Raw values, from `--translator*` flags or `FOLIO_TRANSLATOR*` variables (a flag wins). */
export interface TranslatorInput {
  translator?: string;
  url?: string;
  key?: string;
  model?: string;
}

/** The same names as environment variables. */
export function translatorInputFromEnv(env: NodeJS.ProcessEnv): TranslatorInput {
  return {
    translator: env.FOLIO_TRANSLATOR,
    url: env.FOLIO_TRANSLATOR_URL,
    key: env.FOLIO_TRANSLATOR_KEY,
    model: env.FOLIO_TRANSLATOR_MODEL,
  };
}

/**
 * Checks what was given: nothing at all means no translator (runs then end with `NO_TRANSLATOR`);
 * otherwise the kind and an http(s) address are needed. Answers a message naming the flag at fault.
 */
export function parseTranslatorSettings(input: TranslatorInput): TranslatorSettings | undefined | { error: string } {
  if (!input.translator && !input.url) return undefined;
  if (!TRANSLATOR_KINDS.includes(input.translator as TranslatorKind)) {
    return { error: `--translator: must be ${TRANSLATOR_KINDS.join(' or ')}, got ${input.translator ?? 'nothing'}` };
  }
  if (!input.url || !/^https?:\/\//.test(input.url) || !URL.canParse(input.url)) {
    return { error: `--translator-url: an http(s) address of the translation service is needed, got ${input.url ?? 'nothing'}` };
  }
  return {
    kind: input.translator as TranslatorKind,
    url: input.url,
    ...(input.key ? { key: input.key } : {}),
    ...(input.model ? { model: input.model } : {}),
  };
}
