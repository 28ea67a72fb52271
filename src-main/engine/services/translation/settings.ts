import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
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

/** Raw values, from `--translator*` flags, `FOLIO_TRANSLATOR*` variables or the data dir's `translator.json`. */
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

/** The data dir's `translator.json` (`{"translator", "url", "key", "model"}`): the desktop app's setting. */
export function translatorInputFromFile(dataDir: string): TranslatorInput | { error: string } {
  const path = join(dataDir, TRANSLATOR_FILE);
  if (!existsSync(path)) return {};
  try {
    const json = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
    const text = (name: string) => (typeof json[name] === 'string' ? (json[name] as string) : undefined);
    return { translator: text('translator'), url: text('url'), key: text('key'), model: text('model') };
  } catch (error) {
    return { error: `${path}: ${(error as Error).message}` };
  }
}

export const TRANSLATOR_FILE = 'translator.json';

/**
 * The translator of an engine on `dataDir`: each value from the flags, else the environment, else
 * the data dir's file. Undefined when none is given; an error message when what is given is wrong.
 */
export function resolveTranslator(dataDir: string, flags: TranslatorInput, env: NodeJS.ProcessEnv): TranslatorSettings | undefined | { error: string } {
  const file = translatorInputFromFile(dataDir);
  if ('error' in file) return file;
  const fromEnv = translatorInputFromEnv(env);
  const pick = (name: keyof TranslatorInput) => flags[name] ?? fromEnv[name] ?? file[name];
  return parseTranslatorSettings({ translator: pick('translator'), url: pick('url'), key: pick('key'), model: pick('model') });
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
