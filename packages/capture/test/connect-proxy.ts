import { createServer } from 'node:http';
import { type AddressInfo, connect } from 'node:net';

/** A forward proxy that only speaks CONNECT (what undici's ProxyAgent uses) and records each tunnel. */
export interface ConnectProxy {
  url: string;
  tunnels: Array<{ target: string; authorization: string | undefined }>;
  close(): Promise<void>;
}

export async function startConnectProxy(): Promise<ConnectProxy> {
  const tunnels: ConnectProxy['tunnels'] = [];
  const server = createServer((_request, response) => {
    response.writeHead(405).end();
  });
  server.on('connect', (request, client, head) => {
    const target = request.url ?? '';
    tunnels.push({ target, authorization: request.headers['proxy-authorization'] });
    const [host = '', port = ''] = [
      target.slice(0, target.lastIndexOf(':')),
      target.slice(target.lastIndexOf(':') + 1),
    ];
    const upstream = connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    tunnels,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
