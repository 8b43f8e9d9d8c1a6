#!/usr/bin/env node
// `webcapture`: the API from a shell, on the SDK. Key and address from WEBCAPTURE_API_KEY and
// WEBCAPTURE_BASE_URL; results on stdout (the content, or the whole answer with --json); progress
// and errors on stderr, so output can be piped.
import { Command, InvalidArgumentError, Option } from 'commander';
import { bulkCommand, schemaCommand, scrapeCommand, screenshotCommand } from './cli-commands';
import { reportFailure } from './cli-output';
import { Webcapture } from './client';

const FORMATS = ['rawHtml', 'html', 'markdown', 'links', 'images'];

function positiveInteger(value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number <= 0) throw new InvalidArgumentError('expected a positive integer');
  return number;
}

function client(): Webcapture {
  if (!process.env.WEBCAPTURE_API_KEY) {
    throw new InvalidArgumentError(
      'set WEBCAPTURE_API_KEY to your API key (locally: npm run admin, see README)',
    );
  }
  return new Webcapture();
}

const program = new Command('webcapture')
  .description('Scrape, screenshot, bulk and schema extraction through the webcapture API.')
  .version('0.1.0')
  .addHelpText(
    'after',
    '\nEnvironment:\n  WEBCAPTURE_API_KEY   the API key (required)\n  WEBCAPTURE_BASE_URL  the API address (default http://127.0.0.1:8787)',
  );

program
  .command('scrape')
  .description('Scrape a page; prints the content of the one format asked for, or the envelope with --json.')
  .argument('<url>', 'the page')
  .addOption(
    new Option('-f, --format <format...>', 'formats to return').choices(FORMATS).default(['markdown']),
  )
  .option('--mode <mode>', 'markdown mode: article, raw or llm')
  .option('--render', 'render the page in a browser (waits for network idle)')
  .option('--json', 'print the whole answer as JSON')
  .action((url: string, options) => scrapeCommand(client(), url, options));

program
  .command('screenshot')
  .description('Capture a screenshot into a file.')
  .argument('<url>', 'the page')
  .requiredOption('-o, --output <file>', 'where to write the image')
  .addOption(new Option('--type <type>', 'image format').choices(['png', 'jpeg', 'webp']))
  .option('--full-page', 'the whole scrollable page, not just the viewport')
  .option('--width <px>', 'viewport width in CSS pixels', positiveInteger)
  .option('--height <px>', 'viewport height in CSS pixels', positiveInteger)
  .option('--json', 'print the screenshot record as JSON')
  .action((url: string, options) => screenshotCommand(client(), url, options));

program
  .command('bulk')
  .description('Run every URL of a file (one a line; # starts a comment) as one bulk job, with progress.')
  .argument('<file>', 'the URL list')
  .addOption(
    new Option('-k, --kind <kind>', 'what to do with each URL')
      .choices(['scrape', 'fetch', 'screenshot'])
      .default('scrape'),
  )
  .addOption(new Option('-f, --format <format...>', 'scrape formats').choices(FORMATS).default(['markdown']))
  .option('-o, --output <dir>', 'download every completed result into this folder')
  .option('--json', 'print the finished job and its items as JSON')
  .action((file: string, options) => bulkCommand(client(), file, options));

program
  .command('schema')
  .description(
    'Extract JSON matching a JSON Schema from a page; prints the data, or the whole answer with --json.',
  )
  .argument('<url>', 'the page')
  .argument('<schema>', 'a JSON Schema file (draft 2020-12)')
  .option('--json', 'print the whole answer as JSON')
  .action((url: string, schemaFile: string, options) => schemaCommand(client(), url, schemaFile, options));

program.parseAsync().catch((error: unknown) => {
  process.exitCode = reportFailure(error, process.argv.includes('--json'));
});
