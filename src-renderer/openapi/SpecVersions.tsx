import { useState } from 'react';
import { attempt } from '../api/call.js';
import { Loaded, LoadedList } from '../components/Loaded.js';
import { formatDate } from '../components/format.js';
import { useWorkspace } from '../frame/workspace-context.js';
import { useResource } from '../hooks/use-resource.js';
import { describeContent, type OpenApiSpec, type OpenApiSpecVersion } from './spec-words.js';

/** A spec's versions, newest first: one is cut each time processing finds new content. */
export function SpecVersions({ org, spec }: { org: string; spec: OpenApiSpec }) {
  const { client } = useWorkspace();
  const params = { organizationId: org, specSlug: spec.slug };
  // A new version changes `lastVersion`, which loads the list again.
  const { resource, reload } = useResource(
    `openapi-versions/${org}/${spec.slug}`,
    () => attempt(client, 'listOpenAPISpecVersions', { params, query: { limit: 100 } }),
    spec.lastVersion,
  );
  return (
    <section aria-labelledby="versions-title">
      <h2 id="versions-title">Versions</h2>
      <LoadedList resource={resource} what="versions" empty="No version yet: one is made when the specification is processed without errors." onRetry={reload}>
        {(versions) => (
          <ol className="rows" aria-label="Versions">
            {versions.map((version) => (
              <VersionRow key={version.id} org={org} spec={spec} version={version} />
            ))}
          </ol>
        )}
      </LoadedList>
    </section>
  );
}

export function VersionRow({ org, spec, version }: { org: string; spec: OpenApiSpec; version: OpenApiSpecVersion }) {
  const [open, setOpen] = useState(false);
  return (
    <li className="row-card" data-kind="openapi-version">
      <strong>{formatDate(version.createdAt)}</strong>
      {version.id === spec.lastVersion && <span className="badge status-open">Latest</span>}
      <code className="note">{version.id}</code>
      <button type="button" className="quiet" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? 'Hide contents' : 'Show contents'}
      </button>
      {open && <VersionContent org={org} slug={spec.slug} versionId={version.id} />}
    </li>
  );
}

function VersionContent({ org, slug, versionId }: { org: string; slug: string; versionId: string }) {
  const { client } = useWorkspace();
  const { resource, reload } = useResource(`openapi-content/${org}/${slug}/${versionId}`, () =>
    attempt(client, 'getOpenAPISpecVersionContentById', { params: { organizationId: org, specSlug: slug, versionId } }),
  );
  return (
    <Loaded resource={resource} what="the version's contents" onRetry={reload}>
      {(content) => {
        const about = describeContent(content);
        return (
          <p className="version-content">
            <code>{about.file}</code>: {about.title ?? 'Untitled'}
            {about.version && ` ${about.version}`} · {about.paths === 1 ? '1 path' : `${about.paths} paths`}
          </p>
        );
      }}
    </Loaded>
  );
}
