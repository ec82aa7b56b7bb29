import type { Provider } from '@nestjs/common';
import type { EventStore } from '@backforge/event-store';
import { ReadModels, type Projection } from '@backforge/projections';
import type { Logger } from './logger.js';
import { DATABASE_URL, EVENT_STORE, LOGGER } from './tokens.js';

/**
 * A service's read models as a Nest provider: opened (schema, then the projections catching up in
 * the background) when the module starts, closed when the application shuts down.
 *
 *   providers: [provideReadModels(GENERATION_READ_MODELS, 'generation', [generationProjection])]
 *   constructor(@Inject(GENERATION_READ_MODELS) private readonly readModels: ReadModels) {}
 */
export function provideReadModels(token: symbol, owner: string, projections: readonly Projection[]): Provider {
  return {
    provide: token,
    inject: [DATABASE_URL, EVENT_STORE, LOGGER],
    useFactory: (databaseUrl: string, eventStore: EventStore, logger: Logger): Promise<ReadModels> =>
      ReadModels.open({ owner, databaseUrl, eventStore, projections, logger: logger.child({ component: `${owner}-read-models` }) }),
  };
}
