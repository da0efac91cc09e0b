// A forward HTTP proxy on loopback that a test launches Chromium through (tests/e2e/browser.ts,
// `launchChromium({ proxy })`), so that every request of the browser — the page's, and the service
// worker's that Playwright's setOffline and page.route never see — passes here and can be failed:
// refused (true offline, or one server down), reset before it reaches the server, or handled by
// the server and then its reply dropped. It counts what it did, for the test's output.
// Loopback only: it forwards to 127.0.0.1/localhost and refuses any other host.
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import net from 'node:net';
import { mulberry32 } from './random.ts';

/** Which requests a fault applies to; by default the backend's API (auth, REST and RPC). */
export type FaultMatch = (request: {
  readonly method: string;
  readonly path: string;
  readonly port: number;
}) => boolean;

export interface Faults {
  /** Share [0, 1] of matching requests whose connection is reset before they reach the server. */
  readonly reset?: number;
  /** Share [0, 1] of the matching requests that got through whose reply is dropped (the server did handle them). */
  readonly dropReply?: number;
  readonly match?: FaultMatch;
  /** Seed of the dice, so a failing run can be replayed. Default 1. */
  readonly seed?: number;
}

export interface FaultCounts {
  /** Requests (and CONNECT tunnels) the proxy received. */
  readonly requests: number;
  /** sync_push calls the proxy received (whatever became of them). */
  readonly pushes: number;
  /** sync_push calls that reached the server with their reply delivered. */
  readonly pushesAnswered: number;
  /** Connections reset by a fault (not counting refusals). */
  readonly reset: number;
  /** Replies the server sent that the proxy dropped. */
  readonly repliesDropped: number;
  /** Requests refused because the network is off or their server's port is refused. */
  readonly refused: number;
  /** Requests whose server did not answer (stopped): reset, as the browser would see it. */
  readonly unreachable: number;
  /** Requests for hosts other than loopback, refused (the browser's own calls home). */
  readonly foreign: number;
}

export interface FaultProxy {
  /** For Chromium's --proxy-server. */
  readonly url: string;
  readonly port: number;
  /** Refuse every request and cut every open connection: the device has no network at all. */
  offline(): void;
  /** Let requests through again (the faults set by `faults` still apply). */
  online(): void;
  /** Refuse requests to this server port only (its server unreachable, the network up). */
  refusePort(port: number): void;
  allowPort(port: number): void;
  /** Sets the faults (replacing the previous ones); `faults({})` turns them off. */
  faults(faults: Faults): void;
  counts(): FaultCounts;
  /** "29 pushes, 22 reset, 12 replies dropped", plus ", N duplicates" when given. */
  summary(duplicates?: number): string;
  close(): Promise<void>;
}

/** The backend's API, where faults hurt the sync rather than the loading of the app's files. */
export const API_REQUESTS: FaultMatch = ({ path }) => path.startsWith('/rest/v1/') || path.startsWith('/auth/v1/');

const SYNC_PUSH = '/rest/v1/rpc/sync_push';
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

export async function startFaultProxy(): Promise<FaultProxy> {
  let networkUp = true;
  const refusedPorts = new Set<number>();
  let faults: Required<Omit<Faults, 'seed'>> = { reset: 0, dropReply: 0, match: API_REQUESTS };
  let dice = mulberry32(1);
  const counts = {
    requests: 0,
    pushes: 0,
    pushesAnswered: 0,
    reset: 0,
    repliesDropped: 0,
    refused: 0,
    unreachable: 0,
    foreign: 0,
  };
  const sockets = new Set<net.Socket>();

  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    // Resets are this proxy's trade; the close that follows is all that matters.
    socket.on('error', () => undefined);
  };
  /** A TCP reset, as a dropped network or a crashed middlebox gives. */
  const reset = (socket: net.Socket) => {
    if (socket.destroyed) return;
    socket.resetAndDestroy();
  };
  const refuses = (port: number) => !networkUp || refusedPorts.has(port);

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    counts.requests += 1;
    let target: URL;
    try {
      target = new URL(req.url ?? '');
    } catch {
      res.writeHead(400).end('absolute-form request expected');
      return;
    }
    if (!LOOPBACK.has(target.hostname) || target.protocol !== 'http:') {
      counts.foreign += 1;
      res.writeHead(403).end('the fault proxy only reaches loopback');
      return;
    }
    const port = Number(target.port || 80);
    const path = `${target.pathname}${target.search}`;
    const isPush = target.pathname === SYNC_PUSH && req.method === 'POST';
    if (isPush) counts.pushes += 1;
    if (refuses(port)) {
      counts.refused += 1;
      reset(req.socket);
      return;
    }
    const faulty = faults.match({ method: req.method ?? 'GET', path, port });
    if (faulty && dice() < faults.reset) {
      counts.reset += 1;
      reset(req.socket);
      return;
    }
    const dropReply = faulty && dice() < faults.dropReply;
    const headers = { ...req.headers };
    delete headers['proxy-connection'];
    const upstream = httpRequest(
      { host: '127.0.0.1', port, method: req.method, path, headers, agent: false },
      (reply) => {
        if (dropReply) {
          // Read the whole reply first: the server has done all its work when the member loses it.
          reply.resume();
          reply.on('end', () => {
            counts.repliesDropped += 1;
            reset(req.socket);
          });
          return;
        }
        if (isPush) counts.pushesAnswered += 1;
        res.writeHead(reply.statusCode ?? 502, reply.rawHeaders);
        reply.pipe(res);
      },
    );
    upstream.on('error', () => {
      counts.unreachable += 1;
      reset(req.socket);
    });
    req.pipe(upstream);
  });
  server.on('connection', track);

  // CONNECT: a tunnel (WebSockets through a proxy). Refused like the rest; not faulted inside.
  server.on('connect', (req: IncomingMessage, browserSide: net.Socket, head: Buffer) => {
    counts.requests += 1;
    const [host = '', portText = '443'] = (req.url ?? '').split(/:(?=\d+$)/);
    const port = Number(portText);
    if (!LOOPBACK.has(host) || refuses(port)) {
      counts[LOOPBACK.has(host) ? 'refused' : 'foreign'] += 1;
      reset(browserSide);
      return;
    }
    let connected = false;
    const serverSide = net.connect(port, '127.0.0.1', () => {
      connected = true;
      browserSide.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) serverSide.write(head);
      serverSide.pipe(browserSide).pipe(serverSide);
    });
    track(serverSide);
    serverSide.on('error', () => {
      if (!connected) counts.unreachable += 1;
    });
    serverSide.on('close', () => reset(browserSide));
    browserSide.on('close', () => serverSide.destroy());
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the fault proxy has no TCP port');

  const cutAll = () => {
    for (const socket of sockets) reset(socket);
  };
  return {
    url: `http://127.0.0.1:${address.port}`,
    port: address.port,
    offline() {
      networkUp = false;
      cutAll();
    },
    online() {
      networkUp = true;
    },
    refusePort(port) {
      refusedPorts.add(port);
      // Keep-alive connections to it would outlive the refusal; the server's are cut as it dies.
      cutAll();
    },
    allowPort(port) {
      refusedPorts.delete(port);
    },
    faults(next) {
      faults = { reset: next.reset ?? 0, dropReply: next.dropReply ?? 0, match: next.match ?? API_REQUESTS };
      dice = mulberry32(next.seed ?? 1);
    },
    counts: () => ({ ...counts }),
    summary(duplicates) {
      const parts = [`${counts.pushes} pushes`, `${counts.reset} reset`, `${counts.repliesDropped} replies dropped`];
      if (duplicates !== undefined) parts.push(`${duplicates} duplicates`);
      return parts.join(', ');
    },
    close() {
      cutAll();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
