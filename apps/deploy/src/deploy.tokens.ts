/** The deploy service's read models (agents, their deployments): `ReadModels`, injected by this token. */
export const DEPLOY_READ_MODELS = Symbol.for('backforge.deploy.readModels');
