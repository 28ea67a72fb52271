import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the server answers its next calls. */
export type Mode =
  | 'translate'
  /** 503: an outage. */
  | 'down'
  /** Never answers: the engine's call times out. */
  | 'hang'
  /** 400: the service refuses the request. */
  | 'refuse'
  /** One segment too few. */
  | 'short';

/** What one call carried. */
export interface Call {
  protocol: 'libretranslate' | 'openai';
  segments: string[];
  source: string;
  target: string;
  /** The whole request body, as sent. */
  body: any;
  authorization?: string;
}

/** The deterministic "translation" of a segment: upper case, with the target language in front. */
export const translated = (segment: string, target: string) => `${target.toUpperCase()}:${segment.toUpperCase()}`;

/**
 * A small translation service of the test's own on 127.0.0.1 speaking both protocols Folio
 * calls: LibreTranslate's `POST /translate` and the OpenAI-compatible `POST /v1/chat/completions`.
 * It records every call, can be switched into failure modes, and can hold calls at a gate.
 */
export class TranslatorServer {
  readonly calls: Call[] = [];
  mode: Mode = 'translate';
  /** When set, calls wait for it: a run is seen `running` meanwhile. */
  gate: Promise<void> | undefined;
  private server!: Server;

  static async start(): Promise<TranslatorServer> {
    const translator = new TranslatorServer();
    translator.server = createServer((req, res) => void translator.answer(req, res));
    await new Promise<void>((resolve) => translator.server.listen(0, '127.0.0.1', resolve));
    return translator;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Holds calls until the answered function is called. */
  hold(): () => void {
    let open!: () => void;
    this.gate = new Promise<void>((resolve) => (open = resolve));
    return () => {
      this.gate = undefined;
      open();
    };
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = JSON.parse(await readAll(req)) as any;
    const call = this.parse(req, body);
    if (!call) return void res.writeHead(404).end('not found');
    this.calls.push(call);
    if (this.gate) await this.gate;
    if (this.mode === 'hang') return;
    if (this.mode === 'down') return void res.writeHead(503).end('service unavailable');
    if (this.mode === 'refuse') return void res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"bad language"}');
    const out = call.segments.map((segment) => translated(segment, call.target));
    if (this.mode === 'short') out.pop();
    const json = call.protocol === 'libretranslate' ? { translatedText: out } : { choices: [{ message: { role: 'assistant', content: JSON.stringify(out) } }] };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(json));
  }

  private parse(req: IncomingMessage, body: any): Call | undefined {
    const authorization = req.headers.authorization;
    if (req.method === 'POST' && req.url === '/translate') {
      return { protocol: 'libretranslate', segments: body.q, source: body.source, target: body.target, body, authorization };
    }
    if (req.method === 'POST' && req.url === '/v1/chat/completions') {
      const system: string = body.messages[0].content;
      const [, source, target] = /from the language "([^"]+)" to the language "([^"]+)"/.exec(system)!;
      return { protocol: 'openai', segments: JSON.parse(body.messages[1].content), source: source!, target: target!, body, authorization };
    }
    return undefined;
  }
}

async function readAll(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
