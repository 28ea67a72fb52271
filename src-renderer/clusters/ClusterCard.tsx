import { useState } from 'react';
import { attempt } from '../api/call.js';
import { ProblemLine } from '../components/ProblemLine.js';
import { useWorkspace } from '../frame/workspace-context.js';
import { useAction } from '../settings/use-action.js';
import { ClusterIssues } from './ClusterIssues.js';
import { DocumentText } from './DocumentText.js';
import { PulseChart } from './PulseChart.js';
import { iconOf, impactWords, sourcesWords, statsWords, type IssuesCluster } from './cluster-words.js';

/** One cluster: what it is about, how much and how hard it hurts, its pulse, its issues on demand, mute. */
export function ClusterCard({ org, cluster, onChanged }: { org: string; cluster: IssuesCluster; onChanged(): void }) {
  const { client } = useWorkspace();
  const [open, setOpen] = useState(false);
  const { problem, run } = useAction(onChanged);
  const toggleMute = () =>
    void run(attempt(client, 'updateConversationsIssuesCluster', { params: { organizationId: org, clusterId: cluster.id }, body: { muted: !cluster.muted } }));
  return (
    <li className={`row-card cluster${cluster.muted ? ' muted' : ''}`} data-kind="cluster" data-muted={cluster.muted}>
      <div className="cluster-head">
        <span className="cluster-icon" aria-hidden="true">
          {iconOf(cluster.icon)}
        </span>
        <h2 className="cluster-label">{cluster.label}</h2>
        <span className={`badge impact-${cluster.impact}`}>{impactWords(cluster.impact)}</span>
        {cluster.muted && <span className="badge">Muted</span>}
      </div>
      <div className="cluster-facts">
        <PulseChart pulse={cluster.weeklyPulse} />
        <span className="note">
          Issues per week, last 13 weeks
          <br />
          {statsWords(cluster)} · {sourcesWords(cluster.sources)}
        </span>
      </div>
      <div className="cluster-summary">
        <DocumentText document={cluster.summary} />
      </div>
      <span className="form-buttons">
        <button type="button" className="quiet" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Hide issues' : 'Show issues'}
        </button>
        <button type="button" className="secondary" onClick={toggleMute} aria-label={`${cluster.muted ? 'Unmute' : 'Mute'} ${cluster.label}`}>
          {cluster.muted ? 'Unmute' : 'Mute'}
        </button>
      </span>
      <ProblemLine problem={problem} />
      {open && <ClusterIssues org={org} clusterId={cluster.id} label={cluster.label} />}
    </li>
  );
}
