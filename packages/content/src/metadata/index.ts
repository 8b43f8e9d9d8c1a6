// Page metadata read before cleanup: meta tags and microdata in one walk (collector), JSON-LD,
// what kind of page it declares (page-kind), then the title, byline and date rules.
export { bylineName } from './byline';
export { extractMetadata, type MetadataExtras } from './extract-metadata';
