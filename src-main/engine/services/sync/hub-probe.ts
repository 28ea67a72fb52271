import { WebSocket } from 'ws';
import { CHANGES_CHANNEL } from './channel.js';
import { decodeChangeMessage } from './change-messages.js';
import { decodeFrame } from './frames.js';
import { errorMessageOf, notAHub, refusedUpgrade, unreachable, type HubProblem } from './hub-words.js';

/** How long the check waits for the hub to open the socket and say hello. */
export const PROBE_TIMEOUT_MS = 5_000;

export type HubProbe = { ok: true; user: { id: string; displayName: string } } | ({ ok: false } & HubProblem);

/**
 * Checks a hub before its settings are saved (docs/sync.md, "Settings, status, serve"): reaches
 * it, is admitted with the token, and hears the change log's `hello`, which only a Folio hub
 * says first. Nothing is exchanged beyond that; the socket is closed at once.
 */
export function probeHub(url: string, token: string, timeoutMs = PROBE_TIMEOUT_MS): Promise<HubProbe> {
  return new Promise((resolve) => {
    let settled = false;
    const socket = new WebSocket(url, { headers: { authorization: `Bearer ${token}` }, handshakeTimeout: timeoutMs, maxPayload: 1024 * 1024 });
    const finish = (answer: HubProbe) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.removeAllListeners();
      socket.on('error', () => undefined);
      socket.terminate();
      resolve(answer);
    };
    const timer = setTimeout(() => finish({ ok: false, ...notAHub(url, `said nothing within ${timeoutMs / 1000} s`) }), timeoutMs);
    socket.on('unexpected-response', (_req, res) => {
      void errorMessageOf(res).then((message) => finish({ ok: false, ...refusedUpgrade(url, res.statusCode ?? 0, message) }));
    });
    socket.on('error', (error) => finish({ ok: false, ...unreachable(url, error) }));
    socket.on('close', () => finish({ ok: false, ...notAHub(url, 'closed the connection before saying hello') }));
    socket.on('message', (data: Buffer, binary: boolean) => {
      if (!binary) return finish({ ok: false, ...notAHub(url, 'speaks WebSocket, but not Folio sync') });
      try {
        const frame = decodeFrame(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
        if (frame.channel !== CHANGES_CHANNEL) return;
        const message = decodeChangeMessage(frame.payload);
        if (message.type !== 'hello') return finish({ ok: false, ...notAHub(url, 'did not say hello first') });
        finish({ ok: true, user: { id: String(message.user.id), displayName: String(message.user.display_name ?? '') } });
      } catch {
        finish({ ok: false, ...notAHub(url, 'speaks WebSocket, but not Folio sync') });
      }
    });
  });
}
