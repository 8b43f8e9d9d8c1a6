import { connect, createServer, type Socket } from 'node:net';

/**
 * A TCP proxy in front of DynamoDB Local that loses chosen requests the way a network does: the
 * connection drops before DynamoDB sees the request (it never happened), or after DynamoDB has
 * applied it and before its answer arrives (it happened, and the caller cannot tell). The SDK sees
 * a reset connection either way and retries as it would against AWS.
 */
export interface Fault {
  /** Which requests, by their raw text (headers and JSON body). */
  matches: (request: string) => boolean;
  when: 'before' | 'after';
  /** How many matching requests to lose; the rest pass. */
  times: number;
}

export interface FaultProxy {
  /** http://127.0.0.1:PORT, for AWS_ENDPOINT_URL_DYNAMODB. */
  endpoint: string;
  /** Loses the next `times` requests that match; returns a function telling how many were lost. */
  inject(fault: Fault): () => number;
  close(): Promise<void>;
}

export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const upstream = new URL(target);
  const faults: { fault: Fault; lost: number }[] = [];
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    // A reset is the point of this proxy, not an error of the test.
    socket.on('error', () => {});
    return socket;
  };

  const server = createServer((clientSocket) => {
    const client = track(clientSocket);
    const dynamo = track(connect(Number(upstream.port), upstream.hostname));
    const cut = () => {
      client.destroy();
      dynamo.destroy();
    };
    let pending = Buffer.alloc(0);
    let loseAnswer = false;
    dynamo.on('data', (chunk) => (loseAnswer ? cut() : client.write(chunk)));
    dynamo.on('close', () => client.destroy());
    client.on('close', () => dynamo.destroy());
    client.on('data', (chunk) => {
      pending = Buffer.concat([pending, chunk]);
      // HTTP/1.1 without pipelining: the SDK sends the next request on a socket only after the answer.
      for (let length = requestLength(pending); length > 0; length = requestLength(pending)) {
        const request = pending.subarray(0, length);
        pending = pending.subarray(length);
        const entry = faults.find(({ fault }) => fault.times > 0 && fault.matches(request.toString()));
        if (entry) {
          entry.fault.times--;
          entry.lost++;
        }
        if (entry?.fault.when === 'before') return cut();
        loseAnswer = entry?.fault.when === 'after';
        dynamo.write(request);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    endpoint: `http://127.0.0.1:${port}`,
    inject(fault) {
      const entry = { fault: { ...fault }, lost: 0 };
      faults.push(entry);
      return () => entry.lost;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Bytes of the first complete request in `buffer` (headers and Content-Length body), or 0. */
function requestLength(buffer: Buffer): number {
  const headerEnd = buffer.indexOf('\r\n\r\n');
  if (headerEnd < 0) return 0;
  const headers = buffer.subarray(0, headerEnd).toString();
  const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(headers)?.[1] ?? 0);
  const total = headerEnd + 4 + length;
  return buffer.length >= total ? total : 0;
}
