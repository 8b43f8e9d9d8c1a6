import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { LambdaHandler } from './lambda-invoke';

/** Resolves a manifest's handler file (`functions/health.ts`) to its exported `handler`. */
export type HandlerLoader = (file: string) => Promise<LambdaHandler>;

const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** Imports each handler file once, like a warm Lambda; `root` is where manifest paths start. */
export function moduleLoader(root: string = REPO_ROOT): HandlerLoader {
  const cache = new Map<string, Promise<LambdaHandler>>();
  return (file) => {
    let loaded = cache.get(file);
    if (!loaded) {
      loaded = import(pathToFileURL(resolve(root, file)).href).then((module: { handler?: unknown }) => {
        if (typeof module.handler !== 'function') throw new Error(`${file} does not export a handler`);
        return module.handler as LambdaHandler;
      });
      // A failed import (a syntax error being fixed) is retried on the next request.
      loaded.catch(() => cache.delete(file));
      cache.set(file, loaded);
    }
    return loaded;
  };
}
