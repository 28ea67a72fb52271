import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { StringDecoder } from 'node:string_decoder';
import { JsonShape } from '../../../../src-shared/json/json-shape.js';
import { Failure, badRequest, tooLarge } from '../../core/pipeline/failure.js';
import type { BodyBudget } from './body-budget.js';
import { lingerClose } from './socket-answers.js';

/** A body no larger than this that nobody reads is drained by Node after the answer, and the connection kept. */
const DRAIN_LIMIT = 64 * 1024;

/** Whether the request carries a body at all (a length, or chunks). */
export function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Called before answering: a body the request still carries is not read. A small one of known
 * length is drained by Node and the connection kept; any other closes the connection after the
 * answer. Node would destroy the socket as soon as the answer is flushed, with the client's body
 * still arriving; it closes with `lingerClose` instead.
 */
export function leaveUnread(req: IncomingMessage, res: ServerResponse): void {
  if (req.complete || !hasBody(req) || res.headersSent) return;
  const length = Number(req.headers['content-length']);
  if (req.headers['transfer-encoding'] === undefined && length <= DRAIN_LIMIT) return;
  res.setHeader('connection', 'close');
  const socket: Socket = req.socket;
  socket.destroySoon = () => lingerClose(socket);
}

export interface BodyRead {
  text: string;
  /** The JSON shape, measured as the text arrived. */
  shape: JsonShape;
}

export interface BodyLimits {
  /** The operation's limit, in bytes. */
  limit: number;
  budget: BodyBudget;
  /** Whose bytes these are (the authenticated caller). */
  client: string;
}

/**
 * Reads a JSON body within its operation's limit and the caller's share of the body budget,
 * measuring its shape as it arrives; refuses as soon as a limit is passed (413 for size, 400 for
 * shape, 503 when the budget is spent) without reading further. The bytes count against the
 * budget until the answer is sent.
 */
export function readBody(req: IncomingMessage, res: ServerResponse, { limit, budget, client }: BodyLimits): Promise<BodyRead | Failure> {
  const tooBig = () => tooLarge(`body: larger than ${limit} bytes, this operation's limit`);
  const declared = Number(req.headers['content-length']);
  if (declared > limit) return Promise.resolve(tooBig());
  let held = 0;
  const hold = (bytes: number) => {
    if (!budget.take(client, bytes)) return false;
    held += bytes;
    return true;
  };
  res.once('close', () => budget.release(client, held));
  const busy = () => new Failure(503, 'Too many request bodies in progress: try again shortly');
  // A declared length is held whole at once; chunks without one are held as they come.
  const upfront = Number.isFinite(declared) ? declared : 0;
  if (!hold(upfront)) return Promise.resolve(busy());
  return new Promise((resolve) => {
    const decoder = new StringDecoder('utf8');
    const shape = new JsonShape();
    const pieces: string[] = [];
    let size = 0;
    let done = false;
    const finish = (value: BodyRead | Failure) => {
      if (done) return;
      done = true;
      req.off('data', onData);
      req.off('end', onEnd);
      resolve(value);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) return finish(tooBig());
      if (size > upfront && !hold(chunk.length)) return finish(busy());
      const piece = decoder.write(chunk);
      if (!shape.push(piece)) return finish(badRequest(`body: ${shape.problem}`));
      pieces.push(piece);
    };
    const onEnd = () => {
      const rest = decoder.end();
      if (!shape.push(rest)) return finish(badRequest(`body: ${shape.problem}`));
      pieces.push(rest);
      finish({ text: pieces.join(''), shape });
    };
    req.on('data', onData);
    req.on('end', onEnd);
    // The client went away: nobody is left to answer.
    req.once('close', () => finish(badRequest('body: the connection closed before the body ended')));
  });
}
