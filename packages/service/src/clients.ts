import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { s3ForcePathStyle } from './config';

/**
 * One SDK client per process, created on first use and reused across invocations. Endpoints come
 * from the SDK's own AWS_ENDPOINT_URL_<SERVICE> variables, so this code is the same on AWS and
 * against the local emulators.
 */
let dynamo: DynamoDBDocumentClient | undefined;
let s3: S3Client | undefined;
let sqs: SQSClient | undefined;

export function dynamoClient(): DynamoDBDocumentClient {
  dynamo ??= DynamoDBDocumentClient.from(new DynamoDBClient({}), {
    marshallOptions: { removeUndefinedValues: true },
  });
  return dynamo;
}

export function s3Client(): S3Client {
  s3 ??= new S3Client({
    forcePathStyle: s3ForcePathStyle(),
    // The emulator rejects the SDK's default CRC checksums on PutObject.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return s3;
}

export function sqsClient(): SQSClient {
  sqs ??= new SQSClient({});
  return sqs;
}
