export * from './capture-cache';
