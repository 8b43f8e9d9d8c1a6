/**
 * The fonts layer of the Chromium functions: Lambda's image has only the Open Sans that
 * @sparticuz/chromium ships, so CJK text and emoji rendered as boxes. The layer holds Noto Sans
 * CJK and Noto Color Emoji under fonts/, which Lambda unpacks to /opt/fonts, a directory
 * @sparticuz/chromium's fonts.conf already reads. scripts/build-fonts-layer.sh fills the folder
 * before a deploy; a deploy without it fails on the missing archive.
 */
import { LAMBDA_ARCHITECTURE, LAMBDA_RUNTIME } from './function-settings';

export const FONTS_LAYER = 'ChromiumFonts';
/** What scripts/build-fonts-layer.sh writes (git-ignored). */
export const FONTS_LAYER_DIR = '.build/fonts-layer';

export function createFontsLayer(stage: string): aws.lambda.LayerVersion {
  return new aws.lambda.LayerVersion(FONTS_LAYER, {
    layerName: `webcapture-${stage}-chromium-fonts`,
    code: new $util.asset.FileArchive(FONTS_LAYER_DIR),
    compatibleRuntimes: [LAMBDA_RUNTIME],
    compatibleArchitectures: [LAMBDA_ARCHITECTURE],
  });
}
