export * from './jobs';
// The record helpers (screenshotKey, toScreenshotRecord) stay inside the folder.
export {
  createScreenshot,
  getScreenshot,
  type ImageFormat,
  putScreenshotImage,
  SCREENSHOT_PREFIX,
  SCREENSHOT_RETENTION_SECONDS,
  type ScreenshotRecord,
  type ScreenshotResult,
  type ScreenshotStatus,
  screenshotImageKey,
} from './records';
