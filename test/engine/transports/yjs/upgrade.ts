import { WebSocket } from 'ws';

/** Tries an upgrade by hand; answers the HTTP status of a refusal and its body, or 101 when admitted. */
export function tryUpgrade(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body?: any }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.on('open', () => {
      ws.close();
      resolve({ status: 101 });
    });
    ws.on('unexpected-response', (_req, res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined }));
    });
    ws.on('error', (error) => {
      if (!/Unexpected server response/.test(error.message)) reject(error);
    });
  });
}
