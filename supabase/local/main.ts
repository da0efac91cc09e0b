// `npm start` / `npm run serve`: the app and its local Supabase stand-in on one origin
// (http://localhost:5173 by default). Settings come from the environment (config.ts).
import { describeSmtp } from './auth/smtp.ts';
import { ConfigError, loadConfig, loadDotEnv } from './config.ts';
import { exposureSummary } from './exposure.ts';
import { gatewayOptions } from './gateway-options.ts';
import { startGateway, type Gateway } from './gateway.ts';
import { DataDirLockedError } from './lock.ts';

async function main(): Promise<void> {
  loadDotEnv();
  const config = loadConfig();
  const gateway = await startGateway({
    port: config.port,
    host: config.host,
    ...gatewayOptions(config),
  });
  const appUrl = config.publicUrl ?? gateway.url;
  // Behind a proxy, or at a LAN address, the public address is not the one the server listens on.
  const [shown, own] = [new URL(appUrl), new URL(gateway.url)];
  const listening =
    shown.protocol === own.protocol && shown.port === own.port ? '' : `  Listening on:           ${gateway.url}\n`;
  const summary = exposureSummary(config, appUrl, describeSmtp).map((line) => (line ? `  ${line}` : ''));
  console.log(`\n  Checkpoint is running at ${appUrl}\n${listening}${summary.join('\n')}\n`);
  stopOnSignals(gateway);
}

function stopOnSignals(gateway: Gateway): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1); // a second Ctrl-C does not wait
    stopping = true;
    console.log(`\n  ${signal}: stopping…`);
    gateway.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('Error while stopping:', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(`\n  ${error.message}\n`);
  } else if (error instanceof Error && 'code' in error && error.code === 'EADDRINUSE') {
    console.error(`\n  Port ${process.env.PORT ?? 5173} is already in use. Stop the other server or set PORT.\n`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
