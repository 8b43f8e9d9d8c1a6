/** One page of a listing: the API names the list `data` on listings and `items` on a job. */
export interface Page<T> {
  items: readonly T[];
  nextCursor?: string | null;
}

/**
 * Every item of a listing paginated with `limit` + `cursor` → `next_cursor`, fetching a page only
 * when the previous one is used up (break out of the loop to stop early).
 */
export async function* paginate<T>(
  fetchPage: (cursor: string | undefined) => Promise<Page<T>>,
): AsyncGenerator<T> {
  let cursor: string | undefined;
  do {
    const page = await fetchPage(cursor);
    yield* page.items;
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}
