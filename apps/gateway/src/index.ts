// The door the standalone process composes this service through; main.ts is this app's own process.
export { GatewayModule } from './gateway.module.js';
