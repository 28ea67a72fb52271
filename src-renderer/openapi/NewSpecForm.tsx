import { useId, useState, type FormEvent } from 'react';
import { attempt } from '../api/call.js';
import { FormButtons } from '../components/FormButtons.js';
import { ProblemLine } from '../components/ProblemLine.js';
import { useWorkspace } from '../frame/workspace-context.js';

type SourceKind = 'url' | 'file';

/** A new spec by slug, from an address the engine fetches or from a file read here and sent as text. */
export function NewSpecForm({ org, onAdded }: { org: string; onAdded(): void }) {
  const { client } = useWorkspace();
  const id = useId();
  const [slug, setSlug] = useState('');
  const [kind, setKind] = useState<SourceKind>('url');
  const [url, setUrl] = useState('');
  const [file, setFile] = useState<File>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  // A new form (new key) after each addition empties the file input, which React cannot set.
  const [generation, setGeneration] = useState(0);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const source = kind === 'url' ? { url: url.trim() } : file ? { text: await file.text() } : undefined;
    const outcome = source
      ? await attempt(client, 'createOpenAPISpec', { params: { organizationId: org }, body: { slug: slug.trim(), source } })
      : { ok: false as const, problem: 'Choose a file holding the specification.' };
    setBusy(false);
    setProblem(outcome.ok ? undefined : outcome.problem);
    if (!outcome.ok) return;
    setSlug('');
    setUrl('');
    setFile(undefined);
    setGeneration((value) => value + 1);
    onAdded();
  };

  return (
    <form key={generation} className="card stacked-form" aria-labelledby={`${id}-legend`} onSubmit={(event) => void submit(event)}>
      <h2 id={`${id}-legend`}>Add a specification</h2>
      <label htmlFor={`${id}-slug`}>Slug</label>
      <input id={`${id}-slug`} value={slug} required maxLength={100} placeholder="petstore" onChange={(event) => setSlug(event.target.value)} />
      <fieldset className="choice">
        <legend>Source</legend>
        <label className="check">
          <input type="radio" name={`${id}-kind`} checked={kind === 'url'} onChange={() => setKind('url')} />
          From an address
        </label>
        <label className="check">
          <input type="radio" name={`${id}-kind`} checked={kind === 'file'} onChange={() => setKind('file')} />
          From a file
        </label>
      </fieldset>
      {kind === 'url' ? (
        <>
          <label htmlFor={`${id}-url`}>Address of the specification</label>
          <input
            id={`${id}-url`}
            type="url"
            value={url}
            required
            maxLength={2048}
            placeholder="http://127.0.0.1:8080/openapi.yaml"
            onChange={(event) => setUrl(event.target.value)}
          />
        </>
      ) : (
        <>
          <label htmlFor={`${id}-file`}>Specification file (JSON or YAML)</label>
          <input id={`${id}-file`} type="file" accept=".json,.yaml,.yml,application/json,text/yaml" required onChange={(event) => setFile(event.target.files?.[0])} />
        </>
      )}
      <ProblemLine problem={problem} />
      <FormButtons submitLabel="Add specification" busy={busy} />
    </form>
  );
}
