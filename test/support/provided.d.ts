// What test/global-setup.ts hands to every test file through inject().
declare module 'vitest' {
  export interface ProvidedContext {
    /** The local runtime's HTTP server, e.g. http://127.0.0.1:41235. */
    baseUrl: string;
    /** sk_test_ key of the bootstrap account, fixed for the run. */
    bootstrapKey: string;
    /** The runtime's environment: resource names, emulator endpoints, credentials, test settings. */
    awsEnv: Record<string, string>;
  }
}

export {};
