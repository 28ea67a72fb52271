import type { Contract, OperationDef, OperationInput, OperationOutput } from '../../../../src-shared/contract/operation.js';
import type { RequestContext } from './context.js';
import type { Failure } from './failure.js';
import type { Later, LaterWrite } from './later.js';
import type { Reply } from './reply.js';

export type HandlerResult<Op extends OperationDef> = OperationOutput<Op> | Reply<OperationOutput<Op>> | Later<OperationOutput<Op> | Failure> | LaterWrite<OperationOutput<Op>> | Failure;

/** Handlers run synchronously inside the request's SQLite transaction. */
export type Handler<Op extends OperationDef> = (ctx: RequestContext, input: OperationInput<Op>) => HandlerResult<Op>;

/** A handler for every operation of an area: a missing one is a compile error. */
export type Handlers<C extends Contract> = { [K in keyof C]: Handler<C[K]> };
