export * from './keep-recording';
export * from './recording-content';
export * from './replay-scrape';
export * from './wacz-package';
export { PAGE_ROLE, PAGE_ROLE_FIELD } from './warc-records';
