// The whole-process baseline for bench/content-cli.ts: what a user would write with turndown +
// turndown-plugin-gfm to convert files to JSON lines in one process. Plain JavaScript, so no
// TypeScript compilation is charged to it either.
import { readFileSync } from 'node:fs';
import TurndownService from 'turndown';
import { gfm } from 'turndown-plugin-gfm';

const service = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced' });
service.use(gfm);
const decoder = new TextDecoder();
for (const file of process.argv.slice(2)) {
  try {
    const markdown = service.turndown(decoder.decode(readFileSync(file)));
    process.stdout.write(`${JSON.stringify({ file, markdown })}\n`);
  } catch (err) {
    // turndown-plugin-gfm throws on some real tables; a user's loop would report and go on.
    process.stdout.write(`${JSON.stringify({ file, error: String(err) })}\n`);
  }
}
