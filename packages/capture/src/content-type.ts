/** Splits a Content-Type header into its media type and charset, both lower-cased. */
export function parseContentType(header: string | undefined): {
  mediaType: string | null;
  charset: string | null;
} {
  if (!header) return { mediaType: null, charset: null };
  const [type = '', ...parameters] = header.split(';');
  const mediaType = type.trim().toLowerCase() || null;
  let charset: string | null = null;
  for (const parameter of parameters) {
    const match = /^\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(parameter);
    if (match?.[1]) charset = match[1].toLowerCase();
  }
  return { mediaType, charset };
}
