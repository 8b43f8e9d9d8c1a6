export * from './checks';
export * from './claims';
export * from './commit';
export * from './due';
export * from './records';
export * from './schedule';
export * from './snapshots';
export * from './store';
