import { attempt } from '../api/call.js';
import { LoadedList } from '../components/Loaded.js';
import { formatDate } from '../components/format.js';
import { useWorkspace } from '../frame/workspace-context.js';
import { useResource } from '../hooks/use-resource.js';
import { hrefFor } from '../routing/route.js';
import { NewSpecForm } from './NewSpecForm.js';
import { SpecStatus } from './SpecStatus.js';
import { isProcessing, type OpenApiSpec } from './spec-words.js';
import { useReloadWhile } from './use-reload-while.js';

/** An organization's OpenAPI specifications, followed while they process, and a form to add one. */
export function OpenApiSpecsScreen({ org }: { org: string }) {
  const { client } = useWorkspace();
  const { resource, reload } = useResource(`openapi/${org}`, () =>
    attempt(client, 'listOpenAPISpecs', { params: { organizationId: org }, query: { limit: 1000 } }),
  );
  const specs = resource.status === 'ready' ? resource.data.items : [];
  useReloadWhile(specs.some(isProcessing), reload, resource);
  return (
    <section aria-labelledby="openapi-title" className="screen">
      <h1 id="openapi-title">OpenAPI specifications</h1>
      <p className="note">Folio fetches, validates and versions each specification; API reference pages follow its new versions.</p>
      <NewSpecForm org={org} onAdded={reload} />
      <LoadedList resource={resource} what="specifications" empty="No specifications yet. Add one by its address or from a file." onRetry={reload}>
        {(items) => <SpecRows org={org} specs={items} />}
      </LoadedList>
    </section>
  );
}

export function SpecRows({ org, specs }: { org: string; specs: OpenApiSpec[] }) {
  return (
    <ul className="rows" aria-label="Specifications">
      {specs.map((spec) => (
        <li key={spec.id} className="row-card spec-row" data-kind="openapi-spec" data-slug={spec.slug}>
          <a href={hrefFor({ screen: 'openapi-spec', org, slug: spec.slug })}>{spec.slug}</a>
          <span className="note">
            {spec.sourceURL ? `From ${spec.sourceURL}` : 'Given as text'}
            {spec.lastProcessedAt && ` · processed ${formatDate(spec.lastProcessedAt)}`}
          </span>
          <SpecStatus spec={spec} />
        </li>
      ))}
    </ul>
  );
}
