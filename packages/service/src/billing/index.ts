export * from './checkout';
export * from './config';
export * from './events';
export * from './payment-methods';
export * from './webhook-signature';
