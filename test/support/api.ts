import { inject } from 'vitest';

export interface ApiRequest {
  method?: string;
  /** Sent as `Authorization: Bearer <key>`; no header when absent. */
  key?: string;
  /** An object is sent as JSON; a string as is (malformed JSON tests). */
  body?: unknown;
  headers?: Record<string, string>;
  /** Another runtime than the shared one (a test file's own, see own-runtime.ts). */
  baseUrl?: string;
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: tests index freely into response bodies and assert on them.
  json: any;
  text: string;
}

/** One request to the local runtime's HTTP server. */
export async function api(path: string, request: ApiRequest = {}): Promise<ApiResponse> {
  const headers: Record<string, string> = { ...request.headers };
  if (request.key !== undefined) headers.authorization = `Bearer ${request.key}`;
  let body: string | undefined;
  if (request.body !== undefined) {
    body = typeof request.body === 'string' ? request.body : JSON.stringify(request.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(`${request.baseUrl ?? inject('baseUrl')}${path}`, {
    method: request.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, json: parseJson(text), text };
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/** An absolute URL of the runtime, as the API writes them (poll_url, result download URLs). */
export function apiUrl(path: string, baseUrl?: string): string {
  return `${baseUrl ?? inject('baseUrl')}${path}`;
}
