// The README tour's webhook receiver: HTTPS on https://localhost:8443 with the test certificate
// (npm start trusts it when WEBHOOK_CA_FILE names it), checking every delivery's signature.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:https';
import { verifyWebhook } from '@webcapture/sdk';

const tls = (name) => readFileSync(new URL(`../../test/fixtures/tls/localhost.${name}`, import.meta.url));
createServer({ key: tls('key'), cert: tls('crt') }, async (request, response) => {
  let body = '';
  for await (const chunk of request) body += chunk;
  try {
    const event = verifyWebhook(request.headers, body, process.env.WEBHOOK_SECRET);
    console.log(request.headers['x-service-event'], JSON.stringify(event).slice(0, 200));
    response.writeHead(204).end();
  } catch (error) {
    console.log('refused:', error.message);
    response.writeHead(400).end();
  }
}).listen(8443, () => console.log('receiver on https://localhost:8443'));
