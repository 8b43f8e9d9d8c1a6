import type { ApiError } from '@webcapture/errors';
import { type ErrorStyle, errorStyle } from '@webcapture/service';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

export type HttpResponse = APIGatewayProxyStructuredResultV2 & {
  statusCode: number;
  headers: Record<string, string>;
};

const JSON_TYPE = 'application/json; charset=utf-8';

export function jsonResponse(
  statusCode: number,
  body: unknown,
  headers: Record<string, string> = {},
): HttpResponse {
  return { statusCode, headers: { 'content-type': JSON_TYPE, ...headers }, body: JSON.stringify(body) };
}

export function emptyResponse(statusCode: number, headers: Record<string, string> = {}): HttpResponse {
  return { statusCode, headers, body: '' };
}

/** The spec's error envelope in the deployment's spelling; the only place one is written. */
export function errorBody(error: ApiError, style: ErrorStyle = errorStyle(), now: Date = new Date()) {
  const failedAt = now.toISOString();
  const hasDetails = error.details !== undefined && Object.keys(error.details).length > 0;
  if (style === 'camel') {
    return {
      status: 'failed',
      error: {
        code: error.code,
        message: error.message,
        httpStatus: error.status,
        failedAt,
        details: hasDetails ? error.details : {},
      },
    };
  }
  return {
    status: 'failed',
    error: {
      code: error.code,
      message: error.message,
      http_status: error.status,
      failed_at: failedAt,
      ...(hasDetails ? { details: error.details } : {}),
    },
  };
}

export function errorResponse(error: ApiError): HttpResponse {
  return jsonResponse(error.status, errorBody(error), error.headers);
}
