import { SyncSettings, sync } from '../../../../src-shared/contract/sync.js';
import { authenticate } from '../../auth/tokens.js';
import type { IncomingCall } from '../../dispatcher.js';
import { failureResponse, type PipelineDeps } from '../../pipeline/execute.js';
import { badRequest, isFailure } from '../../pipeline/failure.js';
import type { ApiResponse } from '../../pipeline/request.js';
import { parseBody } from '../../pipeline/validate.js';
import { probeHub } from '../../sync/hub-probe.js';
import { isOwner } from './rules.js';

/**
 * `PUT /v1/sync/settings` checks the hub before it saves (docs/sync.md, "Settings, status,
 * serve"): reached, the token admitted, a Folio hub's hello heard; otherwise 400 naming the
 * setting, in words ("No hub answers at …", "The hub refused this token", "This is not a Folio
 * hub…"). The check needs the network, so it runs before the request's transaction, and only for
 * a caller the operation would accept (the owner, a valid body); any other call goes straight
 * to `save`, which answers it as usual.
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
  // A body large enough to be left to the parse workers is read there for the check too.
  const body = call.bodyText === undefined ? call.body : await parsedValue(deps, call.bodyText);
  const settings = parseBody(SyncSettings, body);
  if (isFailure(settings)) return save();
  const probe = await probeHub(settings.url, settings.token, timeoutMs);
  return probe.ok ? save() : failureResponse(badRequest(`body.${probe.field}: ${probe.problem}`));
}

async function parsedValue(deps: PipelineDeps, text: string): Promise<unknown> {
  const parsed = await deps.parsing.parseBody(sync.updateSyncSettings.id, text);
  return 'problem' in parsed ? undefined : parsed.value;
}
