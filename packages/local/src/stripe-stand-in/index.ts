export { stripeSignature } from './events';
export { type StripeStandIn, type StripeStandInOptions, startStripeStandIn } from './server';
