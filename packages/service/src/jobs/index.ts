export * from './claims';
export * from './dead-letters';
export * from './request-bodies';
export * from './end-claimed-job';
