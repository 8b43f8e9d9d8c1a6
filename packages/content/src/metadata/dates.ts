/** ISO 8601 with milliseconds and `Z`; null when the value is not a date. */
function toIsoDate(v: string | undefined | null): string | null {
  let t = v?.trim();
  if (!t) return null;
  // Date-time without a zone: read as UTC so the result does not depend on the machine's zone.
  if (/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?$/.test(t)) t = `${t.replace(' ', 'T')}Z`;
  // Compact forms: 20240305, 20240305T101500Z.
  const compact = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})?Z?)?$/.exec(t);
  if (compact) {
    const [, y, mo, d, h = '00', mi = '00', s = '00'] = compact;
    t = `${y}-${mo}-${d}T${h}:${mi}:${s}Z`;
  }
  const d = new Date(t);
  if (Number.isNaN(d.getTime())) return null;
  const year = d.getUTCFullYear();
  return year < 1900 || year > 2200 ? null : d.toISOString();
}

export function firstDate(...vals: Array<string | undefined | null>): string | null {
  for (const v of vals) {
    const d = toIsoDate(v);
    if (d) return d;
  }
  return null;
}
