export * from './account-view';
export * from './accounts';
export * from './api-keys';
export * from './bootstrap';
export * from './plans';
