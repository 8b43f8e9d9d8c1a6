export * from './checkout';
export * from './config';
export * from './events';
export * from './payment-methods';
export { callStripe } from './stripe-errors';
export * from './webhook-signature';
