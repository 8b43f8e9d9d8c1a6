import { subscribe } from 'node:diagnostics_channel';
import type { Socket } from 'node:net';

/**
 * undici does not hand a request's socket to its handler, but it announces the socket on the
 * `undici:client:sendHeaders` channel in the same synchronous step that follows the handler's
 * `onRequestStart`. A handler registers itself there and receives the socket's peer address,
 * which is how FetchResult.remoteAddress reports the address actually connected to, even when a
 * pooled keep-alive socket is reused.
 */

type Receiver = (remoteAddress: string) => void;

let waiting: Receiver | undefined;

subscribe('undici:client:sendHeaders', (message) => {
  const receiver = waiting;
  waiting = undefined;
  receiver?.((message as { socket: Socket }).socket.remoteAddress ?? '');
});

/** Call from `onRequestStart`: the next request written on any undici socket is this one. */
export function receiveSocketAddress(receiver: Receiver): void {
  waiting = receiver;
}
