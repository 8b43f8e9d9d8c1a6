/** A started emulator: where the SDK reaches it and how to stop it. */
export interface Emulator {
  endpoint: string;
  stop(): Promise<void>;
}

/** The one credential pair every emulator accepts: s3rver's built-in key, letters only as DynamoDB Local wants. */
export const LOCAL_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export const LOCAL_REGION = 'us-east-1';

/** What the SDK clients of the runtime itself are built with. */
export function localClientConfig(endpoint: string) {
  return { endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS };
}
