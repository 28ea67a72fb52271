import { connect } from 'node:net';

export interface RawAnswer {
  /** 0 when the server closed without answering. */
  status: number;
  headers: Record<string, string>;
  /** The body parsed as JSON, or the text when it is not JSON. */
  body: any;
  /** Bytes of the request that the socket accepted before the answer came (what the server let through). */
  sentBeforeAnswer: number;
}

/**
 * Writes `head` (and then `body`, in chunks, while the server still reads) on a fresh TCP
 * connection and reads one HTTP answer: for what no HTTP client would send (a broken request
 * line, oversized headers, a body the server should refuse before reading it).
 */
export function rawExchange(url: string, head: string, body?: { size: number; chunk?: Buffer }): Promise<RawAnswer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let received = Buffer.alloc(0);
    let sent = 0;
    let answered = -1;
    let settled = false;
    const finish = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ ...parseAnswer(received), sentBeforeAnswer: answered === -1 ? sent : answered });
    };
    const timer = setTimeout(finish, 15_000);
    socket.on('connect', () => {
      socket.write(head);
      if (!body) return;
      const chunk = body.chunk ?? Buffer.alloc(64 * 1024, 0x20);
      // One chunk a turn: the answer, once it arrives, is seen before the next chunk goes. Written in
      // one loop, the chunks went on for as long as the kernel took them — a server that answered at
      // the headers and then drained the rest (a lingering close) let megabytes through first.
      const pump = () => {
        if (sent >= body.size || answered !== -1 || socket.destroyed) return;
        const size = Math.min(chunk.length, body.size - sent);
        sent += size;
        if (!socket.write(size === chunk.length ? chunk : chunk.subarray(0, size))) socket.once('drain', pump);
        else setImmediate(pump);
      };
      pump();
    });
    socket.on('data', (data: Buffer) => {
      if (answered === -1) answered = sent;
      received = Buffer.concat([received, data]);
      if (complete(received)) finish();
    });
    socket.on('close', finish);
    // The server may reset the connection once it has answered: what it answered still counts.
    socket.on('error', (error) => (received.length ? finish() : settled || (clearTimeout(timer), (settled = true), reject(error))));
  });
}

function complete(data: Buffer): boolean {
  const end = data.indexOf('\r\n\r\n');
  if (end === -1) return false;
  const length = /\r\ncontent-length: *(\d+)/i.exec(data.subarray(0, end).toString('latin1'));
  return length ? data.length - end - 4 >= Number(length[1]) : false;
}

function parseAnswer(data: Buffer): Omit<RawAnswer, 'sentBeforeAnswer'> {
  const end = data.indexOf('\r\n\r\n');
  if (end === -1) return { status: 0, headers: {}, body: undefined };
  const [statusLine, ...lines] = data.subarray(0, end).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  const text = data.subarray(end + 4).toString('utf8');
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: the text itself is the answer to check.
  }
  return { status: Number(statusLine!.split(' ')[1]), headers, body };
}

/** The error envelope every refusal carries. */
export function isEnvelope(body: unknown, status: number): boolean {
  const error = (body as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
  return typeof error?.message === 'string' && error.code === status && Object.keys(body as object).length === 1;
}
