/** The validation service's read models (agents, jobs, reports): `ReadModels`, injected by this token. */
export const VALIDATION_READ_MODELS = Symbol.for('backforge.validation.readModels');
