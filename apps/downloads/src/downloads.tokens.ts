/** The downloads service's read models (agents and their stored files): `ReadModels`, injected by this token. */
export const DOWNLOADS_READ_MODELS = Symbol.for('backforge.downloads.readModels');
