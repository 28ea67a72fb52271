import { postJson } from './post-json.js';
import { translatorError, type TranslationAnswer, type TranslationRequest, type Translator } from './translator.js';

/** Our language codes where LibreTranslate spells them otherwise. */
const LIBRETRANSLATE_CODES: Record<string, string> = { 'pt-br': 'pt-BR', zh: 'zh-Hans', no: 'nb' };
const code = (language: string) => LIBRETRANSLATE_CODES[language] ?? language;

/**
 * A LibreTranslate-compatible service: `POST {url}/translate` with `{q: [...], source, target,
 * format: "text"}`, answering `{translatedText: [...]}`. It takes no instructions.
 */
export class LibreTranslate implements Translator {
  readonly name: string;
  readonly batch = { segments: 50, characters: 5000 };

  constructor(private readonly settings: { url: string; key?: string; timeoutMs: number }) {
    this.name = `LibreTranslate at ${settings.url}`;
  }

  async translate(request: TranslationRequest, signal: AbortSignal): Promise<TranslationAnswer> {
    const body = {
      q: request.segments,
      source: code(request.source),
      target: code(request.target),
      format: 'text',
      ...(this.settings.key ? { api_key: this.settings.key } : {}),
    };
    const answer = await postJson(this.name, endpoint(this.settings.url, 'translate'), body, { timeoutMs: this.settings.timeoutMs, signal });
    if (!answer.ok) return answer;
    const translated = (answer.body as { translatedText?: unknown }).translatedText;
    if (!isStrings(translated, request.segments.length)) {
      return translatorError(`${this.name} answered without one translatedText per segment (${request.segments.length} asked)`);
    }
    return { ok: true, segments: translated };
  }
}

export function isStrings(value: unknown, length: number): value is string[] {
  return Array.isArray(value) && value.length === length && value.every((item) => typeof item === 'string');
}

/** `path` under the service's address, whether or not the address ends with a slash. */
export function endpoint(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path}`;
}
