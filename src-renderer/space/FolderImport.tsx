import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { attempt } from '../api/call.js';
import type { Answer, Space } from '../api/types.js';
import { useWorkspace } from '../frame/workspace-context.js';
import { OperationLine } from './GitSyncPanel.js';

type Operation = Answer<'getSpaceGitOperation'>;

/** The operation's body limit is 64 MiB of base64: 3 bytes of zip in 4 characters, less the JSON around them. */
const MAX_ZIP_BYTES = Math.floor((64 * 1024 * 1024 * 3) / 4) - 4096;
const POLL_MS = 500;

/** The zip's bytes in base64, by the browser's own encoder rather than a string built byte by byte. */
function base64Of(bytes: Uint8Array): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).slice(String(reader.result).indexOf(',') + 1));
    reader.onerror = () => reject(reader.error ?? new Error('the zip could not be read'));
    reader.readAsDataURL(new Blob([bytes as Uint8Array<ArrayBuffer>]));
  });
}

/** A folder the browser hands over (its files with their paths inside it) as one zip, stored without compression: the engine inflates nothing twice. */
async function zipFolder(files: readonly File[]): Promise<Uint8Array> {
  const { zipSync } = await import('fflate');
  const entries: Record<string, [Uint8Array, { level: 0 }]> = {};
  for (const file of files) entries[file.webkitRelativePath || file.name] = [new Uint8Array(await file.arrayBuffer()), { level: 0 }];
  return zipSync(entries);
}

/**
 * "Import a folder" in a space (docs/git-sync.md): a folder of Markdown (the hosted service's
 * layout, a folder tree, an Obsidian vault) chosen on this computer, or a zip of one, imported as
 * a repository would be. The desktop app and the browser build pick folders the same way.
 */
export function FolderImport({ space, org, onImported }: { space: Space; org: string; onImported(): void }) {
  const { client } = useWorkspace();
  const [operation, setOperation] = useState<Operation>();
  const [busy, setBusy] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const folderInput = useRef<HTMLInputElement>(null);
  const zipInput = useRef<HTMLInputElement>(null);
  const params = { spaceId: space.id };

  useEffect(() => {
    // Chromium picks folders through this attribute, which React does not know.
    folderInput.current?.setAttribute('webkitdirectory', '');
  }, []);

  useEffect(() => {
    if (operation?.state !== 'running') return;
    const timer = setTimeout(async () => {
      const next = await attempt(client, 'getSpaceGitOperation', { params });
      if (!next.ok) return setProblem(next.problem);
      setOperation(next.data);
      if (next.data.state === 'success') onImported();
    }, POLL_MS);
    return () => clearTimeout(timer);
  });

  const send = async (name: string, zip: Uint8Array) => {
    if (zip.byteLength > MAX_ZIP_BYTES) {
      setProblem(`The folder comes to ${Math.ceil(zip.byteLength / 1048576)} MB zipped; one upload takes up to ${Math.floor(MAX_ZIP_BYTES / 1048576)} MB. Import larger folders with \`npm run cli -- space import --dir\` or through Git.`);
      return;
    }
    setBusy('Uploading…');
    const outcome = await attempt(client, 'importSpaceArchive', { params, body: { name, zip: await base64Of(zip) } });
    setBusy(undefined);
    if (!outcome.ok) return setProblem(outcome.problem);
    setOperation({ state: 'running', direction: 'import', stage: 'repo_fetch', dispatchedTasks: 0, completedTasks: 0, startedAt: '', updatedAt: '' });
  };

  const chosen = async (event: ChangeEvent<HTMLInputElement>, kind: 'folder' | 'zip') => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.length === 0) return;
    setProblem(undefined);
    setOperation(undefined);
    try {
      if (kind === 'zip') {
        await send(files[0]!.name.replace(/\.zip$/i, ''), new Uint8Array(await files[0]!.arrayBuffer()));
      } else {
        setBusy('Reading the folder…');
        const name = files[0]!.webkitRelativePath.split('/')[0] || 'folder';
        await send(name, await zipFolder(files));
      }
    } catch (error) {
      setBusy(undefined);
      setProblem(`The ${kind} could not be read: ${(error as Error).message}`);
    }
  };

  if (!space.permissions.edit) return null;
  const running = busy !== undefined || operation?.state === 'running';
  return (
    <section className="panel folder-import" aria-labelledby={`folder-import-${space.id}`}>
      <h2 id={`folder-import-${space.id}`}>Import a folder</h2>
      <p className="note">
        A folder of Markdown: README.md and SUMMARY.md as the hosted service lays them out, any folder tree, or an Obsidian vault. Importing the same
        folder again brings in what changed; if main changed meanwhile, the import opens a change request.
      </p>
      <div className="toolbar">
        <button type="button" className="secondary" disabled={running} onClick={() => folderInput.current?.click()}>
          Choose a folder…
        </button>
        <button type="button" className="secondary" disabled={running} onClick={() => zipInput.current?.click()}>
          Upload a .zip…
        </button>
        <input ref={folderInput} type="file" aria-label="Folder to import" className="visually-hidden" tabIndex={-1} onChange={(event) => void chosen(event, 'folder')} />
        <input ref={zipInput} type="file" aria-label="Zip to import" accept=".zip,application/zip" className="visually-hidden" tabIndex={-1} onChange={(event) => void chosen(event, 'zip')} />
      </div>
      {busy && (
        <p role="status" className="note">
          {busy}
        </p>
      )}
      {operation && <OperationLine org={org} space={space} operation={operation} />}
      {problem && (
        <p role="alert" className="problem">
          {problem}
        </p>
      )}
    </section>
  );
}
