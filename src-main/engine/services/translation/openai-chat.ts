import { endpoint, isStrings } from './libretranslate.js';
import { postJson } from './post-json.js';
import { translatorError, type TranslationAnswer, type TranslationRequest, type Translator } from './translator.js';

/**
 * An OpenAI-compatible chat service: `POST {url}/v1/chat/completions` (or `{url}/chat/completions`
 * when the address already ends in `/v1`). The segments go as a JSON array in the user message
 * and must come back as a JSON array of the same length; the translation's instructions join the
 * system message.
 */
export class OpenAIChat implements Translator {
  readonly name: string;
  readonly batch = { segments: 40, characters: 8000 };

  constructor(private readonly settings: { url: string; key?: string; model: string; timeoutMs: number }) {
    this.name = `the chat service at ${settings.url} (model ${settings.model})`;
  }

  async translate(request: TranslationRequest, signal: AbortSignal): Promise<TranslationAnswer> {
    const body = {
      model: this.settings.model,
      temperature: 0,
      messages: [
        { role: 'system', content: systemPrompt(request) },
        { role: 'user', content: JSON.stringify(request.segments) },
      ],
    };
    const headers = this.settings.key ? { authorization: `Bearer ${this.settings.key}` } : undefined;
    const answer = await postJson(this.name, completionsURL(this.settings.url), body, { timeoutMs: this.settings.timeoutMs, signal, headers });
    if (!answer.ok) return answer;
    const content = (answer.body as { choices?: { message?: { content?: unknown } }[] }).choices?.[0]?.message?.content;
    if (typeof content !== 'string') return translatorError(`${this.name} answered without a message`);
    const translated = parseArray(content);
    if (!isStrings(translated, request.segments.length)) {
      return translatorError(`${this.name} did not answer a JSON array of ${request.segments.length} strings`);
    }
    return { ok: true, segments: translated };
  }
}

function completionsURL(base: string): string {
  return endpoint(base, /\/v1\/?$/.test(base) ? 'chat/completions' : 'v1/chat/completions');
}

function systemPrompt(request: TranslationRequest): string {
  const lines = [
    `You translate documentation from the language "${request.source}" to the language "${request.target}".`,
    'The user message is a JSON array of text segments taken from one page, in reading order.',
    'Answer with only a JSON array of the same length: each segment translated, in the same order.',
    'Keep leading and trailing spaces, numbers, product names and anything that looks like code as they are.',
  ];
  if (request.instructions) lines.push(`Instructions from the authors:\n${request.instructions}`);
  return lines.join('\n');
}

/** The array in the answer, also when a model wraps it in a fenced block. */
function parseArray(content: string): unknown {
  const fenced = /^\s*```(?:json)?\s*([\s\S]*?)\s*```\s*$/.exec(content);
  try {
    return JSON.parse(fenced ? fenced[1]! : content) as unknown;
  } catch {
    return undefined;
  }
}
