import type { ApiClient } from '../../src-shared/client/client.js';
import { attempt } from '../api/call.js';
import type { ApiAccess } from '../store/session.js';

export type StoredFile = { ok: true; id: string; url: string } | { ok: false; problem: string; offline: boolean };

/** How the editor keeps files: the engine's files of the change request (docs/editor.md, "Images and files"). */
export interface EditorFiles {
  /** Stores bytes as a file of the change request; `offline` when the engine was not reached, so it is worth trying again. */
  store(name: string, type: string, bytes: Blob): Promise<StoredFile>;
  /** Bytes the engine serves at `src` (a file's `downloadURL`) as a local address to show; undefined when `src` is not one. */
  show(src: string): Promise<string | undefined>;
}

/** The largest file the engine stores: 1 MiB (`insert_files`' base64 limit, docs/content-design.md). */
export const MAX_FILE_BYTES = 1024 * 1024;

const DOWNLOAD = /^\/v1\/spaces\/[^/]+\/(?:change-requests\/[^/]+\/)?content\/files\/[^/]+\/download$/;

export function engineFiles(client: ApiClient, access: ApiAccess, spaceId: string, changeRequestId: string): EditorFiles {
  return {
    async store(name, type, bytes) {
      const base64 = await toBase64(bytes);
      const sent = await attempt(client, 'updateChangeRequestContent', {
        params: { spaceId, changeRequestId },
        query: { compat: 'false' },
        body: { changes: [{ operation: 'insert_files', files: [{ name: name.slice(0, 256) || 'file', contentType: type || 'application/octet-stream', base64 }] }] },
      });
      if (!sent.ok) return { ok: false, problem: sent.problem, offline: sent.status === undefined };
      const file = 'insertedFiles' in sent.data ? sent.data.insertedFiles[0] : undefined;
      return file ? { ok: true, id: file.id, url: file.downloadURL } : { ok: false, problem: 'The engine stored no file.', offline: false };
    },
    show: (src) => showEngineFile(access, src),
  };
}

/** Downloads already shown, by API path: one fetch per file however many blocks show it. */
const shown = new Map<string, Promise<string | undefined>>();

/** Whether `src` is a file the engine serves (a `downloadURL`), to be fetched with credentials. */
export function isEngineFile(src: string): boolean {
  return /\/content\/files\/[^/]+\/download$/.test(src.split(/[?#]/)[0] ?? '');
}

/** The engine's bytes at `src` as a local address to show, or undefined when `src` is not one of its files or they did not come. */
export function showEngineFile(access: ApiAccess, src: string): Promise<string | undefined> {
  const path = enginePath(src, access);
  if (!path) return Promise.resolve(undefined);
  let known = shown.get(path);
  if (!known) {
    known = download(access, path).then((blob) => (blob ? URL.createObjectURL(blob) : undefined));
    // A failure is not kept: the engine may be back next time.
    known.then((url) => url ?? shown.delete(path), () => shown.delete(path));
    shown.set(path, known);
  }
  return known;
}

/** The API path of a download URL of this engine, whichever origin it was written with. */
function enginePath(src: string, access: ApiAccess): string | undefined {
  let url: URL;
  try {
    url = new URL(src, access.kind === 'browser' ? access.origin : 'http://127.0.0.1');
  } catch {
    return undefined;
  }
  if (access.kind === 'browser' && url.origin !== access.origin) return undefined;
  return DOWNLOAD.test(url.pathname) ? url.pathname : undefined;
}

/** A download's bytes with the caller's credentials: a plain `<img src>` would send no bearer token. */
async function download(access: ApiAccess, path: string): Promise<Blob | undefined> {
  if (access.kind === 'browser') {
    const response = await fetch(`${access.origin}${path}`, { headers: { authorization: `Bearer ${access.token}` } });
    return response.ok ? response.blob() : undefined;
  }
  const answer = await access.bridge.request({ method: 'GET', path });
  if (answer.status >= 300 || !(answer.body instanceof Uint8Array)) return undefined;
  return new Blob([answer.body as Uint8Array<ArrayBuffer>], { type: answer.headers['content-type'] ?? '' });
}

function toBase64(bytes: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.readAsDataURL(bytes);
  });
}
