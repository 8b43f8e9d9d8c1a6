export {
  type SiteMapAnswer,
  type SiteMapRequest,
  type SitemapFields,
  siteMap,
  siteMapRequestOf,
} from './map-site';
export { queueSiteMap } from './queue-site-map';
