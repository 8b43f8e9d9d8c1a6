/**
 * What a worker process remembers of the crawls it works on (URLs known to be in a frontier,
 * content claims known to be held): facts that never change while a crawl runs, kept so that the
 * next transaction leaves out writes that would only be refused. Bounded: at most `maxCrawls`
 * crawls, the one seen longest ago dropped first, and a crawl's memory is started afresh when it
 * holds `maxPerCrawl` entries.
 */
export class PerCrawlMemory<Memory extends { size: number }> {
  private readonly crawls = new Map<string, Memory>();

  constructor(
    private readonly create: () => Memory,
    private readonly maxPerCrawl: number,
    private readonly maxCrawls = 16,
  ) {}

  of(crawlId: string): Memory {
    let memory = this.crawls.get(crawlId);
    if (memory && memory.size < this.maxPerCrawl) {
      // Seen again: it moves to the end of the eviction order.
      this.crawls.delete(crawlId);
    } else {
      memory = this.create();
      if (this.crawls.size >= this.maxCrawls) this.crawls.delete(this.crawls.keys().next().value as string);
    }
    this.crawls.set(crawlId, memory);
    return memory;
  }
}
