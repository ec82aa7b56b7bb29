/** The gateway's read models (platform tokens): `ReadModels`, injected by this token. */
export const GATEWAY_READ_MODELS = Symbol.for('backforge.gateway.readModels');
