import { SyncSettings, sync } from '../../../../src-shared/contract/sync.js';
import { authenticate } from '../../core/auth/tokens.js';
import type { IncomingCall } from '../dispatcher.js';
import { failureResponse, type PipelineDeps } from '../../core/pipeline/execute.js';
import { badRequest, isFailure } from '../../core/pipeline/failure.js';
import type { ApiResponse } from '../../core/pipeline/request.js';
import { parseBody } from '../../core/pipeline/validate.js';
import { hubAddresses } from '../../../../src-shared/sync/hub-addresses.js';
import { type HubProbe, probeHub } from '../../services/sync/hub-probe.js';
import { isOwner } from '../../domain/sync/rules.js';

/**
 * `PUT /v1/sync/settings` checks the hub before it saves (docs/sync.md, "Settings, status,
 * serve"): reached, the token admitted, a Folio hub's hello heard; otherwise 400 naming the
 * setting, in words ("No hub answers at …", "The hub refused this token", "This is not a Folio
 * hub…"). The check needs the network, so it runs before the request's transaction, and only for
 * a caller the operation would accept (the owner, a valid body); any other call goes straight
 * to `save`, which answers it as usual. Several addresses of one hub (processes on PostgreSQL,
 * docs/hub.md) are probed together: one process may be down while the settings are saved, so an
 * address nobody answers at is let pass when another admits the token; but an address that
 * answers wrongly (not a hub, the token refused) or a different hub's is a mistake and refused.
 */
export async function checkHubThenSave(
  deps: PipelineDeps,
  call: IncomingCall,
  save: () => ApiResponse | Promise<ApiResponse>,
  timeoutMs?: number,
): Promise<ApiResponse> {
  const owner = deps.db.transaction(() => {
    deps.db.noticeExternalChanges();
    const actor = authenticate(deps.db, call.authorization);
    return actor !== undefined && isOwner({ db: deps.db, actor });
  }, 'read');
  if (!owner || call.bodyError) return save();
  // A body large enough to be left to a worker thread is read there for the check too.
  const body = call.bodyText === undefined ? call.body : await parsedValue(deps, call.bodyText);
  const settings = parseBody(SyncSettings, body);
  if (isFailure(settings)) return save();
  const probe = await probeHubs(settings.url, settings.token, timeoutMs);
  return probe.ok ? save() : failureResponse(badRequest(`body.${probe.field}: ${probe.problem}`));
}

async function parsedValue(deps: PipelineDeps, text: string): Promise<unknown> {
  const parsed = await deps.reading.parseLarge(sync.updateSyncSettings.id, text);
  return 'problem' in parsed ? undefined : parsed.value;
}

async function probeHubs(url: string, token: string, timeoutMs?: number): Promise<HubProbe> {
  const addresses = hubAddresses(url);
  if (addresses.length <= 1) return probeHub(url, token, timeoutMs);
  const probes = await Promise.all(addresses.map((address) => probeHub(address, token, timeoutMs)));
  const admitted = probes.filter((probe) => probe.ok);
  const wrong = probes.find((probe) => !probe.ok && !probe.unanswered);
  if (wrong) return wrong;
  if (admitted.length === 0) return probes[0]!;
  const users = new Set(admitted.map((probe) => probe.user.id));
  if (users.size > 1) return { ok: false, field: 'url', problem: `These addresses are not one hub: they know this token as different users`, lasting: true };
  return admitted[0]!;
}
