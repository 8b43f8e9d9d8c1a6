/** A value of a Stripe form body: `a[b][0]=x` nests as {a: {b: {0: 'x'}}}. */
export type FormValue = string | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

/**
 * Stripe's request encoding (application/x-www-form-urlencoded with bracketed keys, as stripe-node
 * writes it). Arrays arrive as numbered keys and stay objects; listOf() reads them in order.
 */
export function parseStripeForm(body: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node = root;
    for (const segment of path.slice(0, -1)) {
      const next = node[segment];
      const child: FormObject = typeof next === 'object' ? next : {};
      node[segment] = child;
      node = child;
    }
    node[path[path.length - 1] as string] = value;
  }
  return root;
}

export function listOf(value: FormValue | undefined): FormValue[] {
  if (!value || typeof value === 'string') return [];
  return Object.entries(value)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([, item]) => item);
}

export function textOf(value: FormValue | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** metadata[...] as Stripe stores it: string values only. */
export function metadataOf(value: FormValue | undefined): Record<string, string> {
  if (!value || typeof value === 'string') return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}
