import { useState } from 'react';
import { attempt } from '../api/call.js';
import { ConfirmAction } from '../components/ConfirmAction.js';
import { Loaded } from '../components/Loaded.js';
import { ProblemLine } from '../components/ProblemLine.js';
import { useWorkspace } from '../frame/workspace-context.js';
import { useResource } from '../hooks/use-resource.js';
import { hrefFor } from '../routing/route.js';
import { navigate } from '../routing/use-route.js';
import { useAction } from '../settings/use-action.js';
import { SpecStatus } from './SpecStatus.js';
import { SpecVersions } from './SpecVersions.js';
import { isProcessing, type OpenApiSpec } from './spec-words.js';
import { useReloadWhile } from './use-reload-while.js';

/**
 * One specification: where it comes from, how its last run went, its versions, visibility and
 * deletion. *Fetch again* puts the same address back: a new source is processed again, and a
 * version is cut only if the content changed.
 */
export function OpenApiSpecScreen({ org, slug }: { org: string; slug: string }) {
  const { client } = useWorkspace();
  const params = { organizationId: org, specSlug: slug };
  const { resource, reload } = useResource(`openapi/${org}/${slug}`, () => attempt(client, 'getOpenAPISpecBySlug', { params }));
  useReloadWhile(resource.status === 'ready' && isProcessing(resource.data), reload, resource);
  return (
    <section aria-labelledby="spec-title" className="screen">
      <p>
        <a href={hrefFor({ screen: 'openapi', org })}>All specifications</a>
      </p>
      <h1 id="spec-title">{slug}</h1>
      <Loaded resource={resource} what="the specification" onRetry={reload}>
        {(spec) => (
          <>
            <p className="note">{spec.sourceURL ? `Fetched from ${spec.sourceURL}` : 'Given as text'}</p>
            <SpecStatus spec={spec} />
            {spec.permissions.edit && <SpecSettings org={org} spec={spec} onChanged={reload} />}
            <SpecVersions org={org} spec={spec} />
          </>
        )}
      </Loaded>
    </section>
  );
}

function SpecSettings({ org, spec, onChanged }: { org: string; spec: OpenApiSpec; onChanged(): void }) {
  const { client } = useWorkspace();
  const params = { organizationId: org, specSlug: spec.slug };
  const change = useAction(onChanged);
  const removal = useAction(() => navigate(hrefFor({ screen: 'openapi', org })));
  const [deleting, setDeleting] = useState(false);
  const remove = () => removal.run(attempt(client, 'deleteOpenAPISpecBySlug', { params }));
  const { sourceURL } = spec;
  return (
    <div className="toolbar">
      <label>
        Visibility{' '}
        <select
          value={spec.visibility ?? 'private'}
          onChange={(event) => void change.run(attempt(client, 'updateOpenAPISpecBySlug', { params, body: { visibility: event.target.value as 'private' | 'public' } }))}
        >
          <option value="private">Private</option>
          <option value="public">Public</option>
        </select>
      </label>
      {sourceURL && (
        <button
          type="button"
          className="secondary"
          disabled={isProcessing(spec)}
          onClick={() => void change.run(attempt(client, 'createOrUpdateOpenAPISpecBySlug', { params, body: { source: { url: sourceURL } } }))}
        >
          Fetch again
        </button>
      )}
      {deleting ? (
        <ConfirmAction question={`Delete ${spec.slug} and its versions?`} confirmLabel="Delete specification" onConfirm={remove} onCancel={() => setDeleting(false)} />
      ) : (
        <button type="button" className="danger" onClick={() => setDeleting(true)}>
          Delete
        </button>
      )}
      <ProblemLine problem={change.problem ?? removal.problem} />
    </div>
  );
}
