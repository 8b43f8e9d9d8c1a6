export { BrowserHost, type BrowserHostOptions, chromiumExecutable } from './browser-host';
export { GuardProxy, type GuardProxyOptions, type ProxyRefusal, type UpstreamProxy } from './guard-proxy';
export { imageSize } from './image-size';
export { RenderTimeout, renderFailure } from './render-errors';
export { type RenderedPage, renderPage } from './render-page';
export {
  captureScreenshot,
  type ImageFormat,
  MAX_FULL_PAGE_HEIGHT,
  type Screenshot,
  type ScreenshotOptions,
  screenshotPage,
} from './screenshot';
export {
  type BodySink,
  type RawHeaders,
  RECORDING_MAX_BODY_BYTES,
  type RecordedExchange,
  type RecordedRefusal,
  type RecordedTraffic,
  type RecordedTunnel,
  TrafficRecorder,
} from './traffic-recorder';
export {
  browserHost,
  type Captured,
  capturePage,
  type PageInfo,
  type PageRequest,
  type RenderCookie,
  type RenderGuardOptions,
  type TrafficReport,
  type WaitUntil,
  withPage,
} from './with-page';
