// A local stand-in for Twitch's token endpoint (POST /oauth2/token) and IGDB's /v4/games, on a
// free port, recording every request so tests can check headers, bodies and token reuse.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StubRequest {
  readonly path: string;
  readonly query: URLSearchParams;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
}

export interface IgdbStub {
  readonly tokenUrl: string;
  readonly apiUrl: string;
  readonly tokenRequests: StubRequest[];
  readonly gamesRequests: StubRequest[];
  /** Token lifetime in seconds for the next tokens issued. */
  expiresIn: number;
  /** Status and JSON body /v4/games answers with. */
  gamesStatus: number;
  gamesBody: unknown;
  close(): Promise<void>;
}

export async function startIgdbStub(): Promise<IgdbStub> {
  let issued = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stub');
      const record: StubRequest = {
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      const reply = (status: number, value: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (req.method === 'POST' && url.pathname === '/oauth2/token') {
        stub.tokenRequests.push(record);
        issued += 1;
        reply(200, { access_token: `token-${issued}`, expires_in: stub.expiresIn, token_type: 'bearer' });
      } else if (req.method === 'POST' && url.pathname === '/v4/games') {
        stub.gamesRequests.push(record);
        reply(stub.gamesStatus, stub.gamesBody);
      } else reply(404, { message: 'not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  const stub: IgdbStub = {
    tokenUrl: `${base}/oauth2/token`,
    apiUrl: `${base}/v4`,
    tokenRequests: [],
    gamesRequests: [],
    expiresIn: 3600,
    gamesStatus: 200,
    gamesBody: [],
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
  return stub;
}
