export * from './backend/index.js';
