import { ApiError } from '@webcapture/errors';
import { type Captured, capturePage, type PageRequest, type RenderGuardOptions } from './with-page';

/** `html`: the rendered DOM serialized (doctype included), after scripts ran and the waits passed. */
export type RenderedPage = Captured<{ html: string }>;

/** The decoded cap of the fast path, applied to the serialized DOM. */
const MAX_HTML_CHARS = 10 * 1024 * 1024;

/** Renders a page and returns its DOM as HTML, with what the capture downloaded. */
export async function renderPage(
  request: PageRequest,
  options: RenderGuardOptions = {},
): Promise<RenderedPage> {
  const page = await capturePage(request, async (loaded) => ({ html: await loaded.content() }), options);
  if (page.html.length > MAX_HTML_CHARS) {
    throw new ApiError('internal_error', 'The rendered page is larger than 10 MiB of HTML.', {
      details: { reason: 'page_too_large', limit_chars: MAX_HTML_CHARS },
    });
  }
  return page;
}
