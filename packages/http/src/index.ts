export * from './api';
export * from './envelope';
export * from './request';
export * from './routes';
export * from './schemas/api-keys';
export * from './validation';
