/** The keys service's read models (agents, API keys): `ReadModels`, injected by this token. */
export const KEYS_READ_MODELS = Symbol.for('backforge.keys.readModels');
