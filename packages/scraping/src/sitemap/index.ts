export { type SiteMapAnswer, type SiteMapRequest, siteMap } from './map-site';
