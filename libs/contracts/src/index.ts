export * from './backend/index.js';
export * from './errors/index.js';
export * from './messaging/index.js';
export * from './events/index.js';
export * from './messages/index.js';
