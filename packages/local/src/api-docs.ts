import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

/**
 * The rendered API reference at /docs (npm start): Swagger UI from the registry's swagger-ui-dist
 * package, served from node_modules (no CDN, works offline), reading /docs/openapi.json — the
 * committed docs/openapi.json, which `npm run openapi -- --check` keeps equal to the code.
 */
const OPENAPI_FILE = resolve(import.meta.dirname, '../../../docs/openapi.json');
const SWAGGER_DIR = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** The files of the page, by path; nothing else under swagger-ui-dist is served. */
const ASSETS: Record<string, { file: string; type: string }> = {
  '/docs/openapi.json': { file: OPENAPI_FILE, type: 'application/json; charset=utf-8' },
  '/docs/swagger-ui.css': { file: resolve(SWAGGER_DIR, 'swagger-ui.css'), type: 'text/css; charset=utf-8' },
  '/docs/swagger-ui-bundle.js': {
    file: resolve(SWAGGER_DIR, 'swagger-ui-bundle.js'),
    type: 'text/javascript; charset=utf-8',
  },
  '/docs/favicon-32x32.png': { file: resolve(SWAGGER_DIR, 'favicon-32x32.png'), type: 'image/png' },
};

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>webcapture API reference</title>
<link rel="stylesheet" href="/docs/swagger-ui.css">
<link rel="icon" type="image/png" href="/docs/favicon-32x32.png">
</head>
<body>
<div id="reference"></div>
<script src="/docs/swagger-ui-bundle.js"></script>
<script>
window.ui = SwaggerUIBundle({ url: '/docs/openapi.json', dom_id: '#reference', deepLinking: true, tryItOutEnabled: true });
</script>
</body>
</html>
`;

/** The answer to a GET under /docs, or undefined for any other request (the API's routes). */
export async function apiDocsResponse(
  method: string,
  path: string,
): Promise<APIGatewayProxyStructuredResultV2 | undefined> {
  if (method !== 'GET' && method !== 'HEAD') return undefined;
  if (path === '/docs' || path === '/docs/') {
    return { statusCode: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body: PAGE };
  }
  const asset = ASSETS[path];
  if (!asset) return undefined;
  const bytes = await readFile(asset.file);
  return {
    statusCode: 200,
    headers: { 'content-type': asset.type, 'cache-control': 'no-cache' },
    body: bytes.toString('base64'),
    isBase64Encoded: true,
  };
}
