/** The generation service's read models (agents, jobs): `ReadModels`, injected by this token. */
export const GENERATION_READ_MODELS = Symbol.for('backforge.generation.readModels');
