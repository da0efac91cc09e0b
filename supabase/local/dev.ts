// `npm run dev`: Vite's dev server (hot reload) on PORT, with the API paths proxied to a gateway
// on an internal port. The browser sees one origin, as with `npm start`.
import { createServer } from 'vite';
import type { IncomingMessage } from 'node:http';
import { describeSmtp } from './auth/smtp.ts';
import { ConfigError, loadConfig, loadDotEnv } from './config.ts';
import { exposureSummary, isLoopback } from './exposure.ts';
import { gatewayOptions } from './gateway-options.ts';
import { startGateway } from './gateway.ts';
import { DataDirLockedError } from './lock.ts';

const PROXIED = ['/auth', '/rest', '/functions', '/.netlify', '/_dev'];

async function main(): Promise<void> {
  loadDotEnv();
  const config = loadConfig(process.env, { development: true });
  const publicUrl = config.publicUrl ?? `http://localhost:${config.port}`;
  const gateway = await startGateway({
    port: 0,
    host: '127.0.0.1',
    ...gatewayOptions(config),
    publicUrl,
  });
  const vite = await createServer({
    server: {
      port: config.port,
      host: config.host,
      strictPort: true,
      proxy: Object.fromEntries(
        PROXIED.map((prefix) => [
          prefix,
          {
            target: gateway.url,
            changeOrigin: false,
            // The gateway sees every proxied request come from loopback; a browser elsewhere (HOST
            // beyond loopback) is named, so the dev mailbox refuses it (dev-routes.ts).
            configure: (proxy) =>
              proxy.on('proxyReq', (proxyReq, req: IncomingMessage) => {
                const from = req.socket.remoteAddress;
                if (!isLoopback(from)) proxyReq.setHeader('X-Forwarded-For', from ?? 'unknown');
              }),
          },
        ]),
      ),
    },
  });
  await vite.listen();
  const summary = exposureSummary(config, publicUrl, describeSmtp).map((line) => (line ? `  ${line}` : ''));
  console.log(`\n  Checkpoint (dev) is running at ${publicUrl}\n${summary.join('\n')}\n`);

  let stopping = false;
  const stop = () => {
    if (stopping) process.exit(1);
    stopping = true;
    Promise.all([vite.close(), gateway.close()]).then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof DataDirLockedError ? `\n  ${error.message}\n` : error);
  process.exit(1);
});
