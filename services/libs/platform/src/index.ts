export * from './config.js';
export * from './redis.js';
export * from './redis-module.js';
export * from './bus.js';
export * from './logging.js';
export * from './health.js';
export * from './database.js';
export * from './bootstrap.js';
