import { useWorkspace } from '../frame/workspace-context.js';
import { hrefFor, SETTINGS_SECTIONS, type SettingsSection } from '../routing/route.js';
import { ApiAccessPage } from './ApiAccessPage.js';
import { MembersPage } from './MembersPage.js';
import { SyncSettingsPage } from '../sync/SyncSettingsPage.js';
import { SsoPage } from './SsoPage.js';
import { TeamsPage } from './TeamsPage.js';

const TITLES: Record<SettingsSection, string> = { api: 'API access', members: 'Members', teams: 'Teams', sso: 'Single sign-on', sync: 'Sync' };

/** Settings of the organization and of this app, one page per section. */
export function SettingsScreen({ org, section }: { org: string; section: SettingsSection }) {
  const { access } = useWorkspace();
  return (
    <div className="screen settings">
      <h1>Settings</h1>
      <nav aria-label="Settings sections" className="tabs">
        {SETTINGS_SECTIONS.map((candidate) => (
          <a key={candidate} href={hrefFor({ screen: 'settings', org, section: candidate })} aria-current={candidate === section ? 'page' : undefined}>
            {TITLES[candidate]}
          </a>
        ))}
      </nav>
      {section === 'api' && <ApiAccessPage access={access} />}
      {section === 'members' && <MembersPage org={org} />}
      {section === 'teams' && <TeamsPage org={org} />}
      {section === 'sso' && <SsoPage org={org} />}
      {section === 'sync' && <SyncSettingsPage />}
    </div>
  );
}
