import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';

/**
 * An append-only file of JSON lines: every change to the queues is written before it is answered,
 * so a process killed at any point (SIGKILL included: the kernel holds what write() was given)
 * loses nothing it acknowledged. Read back in order at start, then rewritten as a snapshot of what
 * is still live; rewritten again whenever dead lines outnumber live ones by far.
 */
export class Journal<Entry> {
  readonly #path: string;
  #fd: number;
  #lines = 0;

  private constructor(path: string, fd: number, lines: number) {
    this.#path = path;
    this.#fd = fd;
    this.#lines = lines;
  }

  /** Opens `dir/journal.jsonl`, replaying its entries into `apply` (a torn last line is skipped). */
  static open<Entry>(dir: string, apply: (entry: Entry) => void): Journal<Entry> {
    mkdirSync(dir, { recursive: true });
    const path = join(dir, 'journal.jsonl');
    let lines = 0;
    if (existsSync(path)) {
      for (const line of readFileSync(path, 'utf8').split('\n')) {
        if (!line) continue;
        let entry: Entry;
        try {
          entry = JSON.parse(line) as Entry;
        } catch {
          continue; // the line being written when the process died
        }
        apply(entry);
        lines++;
      }
    }
    return new Journal<Entry>(path, openSync(path, 'a'), lines);
  }

  append(entry: Entry): void {
    writeSync(this.#fd, `${JSON.stringify(entry)}\n`);
    this.#lines++;
  }

  /** Lines written since the last snapshot (or read at start). */
  get lines(): number {
    return this.#lines;
  }

  /** Replaces the file with `entries` (the live state): written beside it, then renamed over it. */
  rewrite(entries: Iterable<Entry>): void {
    const next = `${this.#path}.next`;
    let text = '';
    let lines = 0;
    for (const entry of entries) {
      text += `${JSON.stringify(entry)}\n`;
      lines++;
    }
    writeFileSync(next, text);
    closeSync(this.#fd);
    renameSync(next, this.#path);
    this.#fd = openSync(this.#path, 'a');
    this.#lines = lines;
  }

  close(): void {
    closeSync(this.#fd);
  }
}
