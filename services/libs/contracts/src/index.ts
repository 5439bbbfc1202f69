export * from './queues.js';
export * from './errors.js';
export * from './domain.js';
export * from './events.js';
export * from './messages.js';
export * from './views.js';
export * from './trend-looks.js';
export * from './waitlist.js';
