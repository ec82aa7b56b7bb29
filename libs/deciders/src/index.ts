/**
 * @backforge/deciders: the write side of every service (DESIGN §3).
 *
 *   const result = await handleCommand(eventStore, streamName('generation', jobId), generationDecider, command, { metadata });
 *   deciderSpecification(generationDecider, expect).given([requested]).when(claim).then([started]);
 */
export { foldEvents } from './decider.js';
export type { Decider, AnyEvent } from './decider.js';
export { handleCommand } from './handle-command.js';
export type { HandleCommandOptions, CommandResult } from './handle-command.js';
export { deciderSpecification } from './decider-specification.js';
export type { Expect, Expectation } from './decider-specification.js';
export { ClaimLoop } from './claim-loop.js';
export type { ClaimLoopOptions } from './claim-loop.js';
