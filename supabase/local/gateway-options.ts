// The gateway options that follow from the settings, shared by `npm start` and `npm run dev`.
import type { Config } from './config.ts';
import type { GatewayOptions } from './gateway.ts';
import { seedDatabase } from './seed.ts';

export function gatewayOptions(config: Config): GatewayOptions {
  return {
    ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : {}),
    dataDir: config.dataDir,
    jwtSecret: config.jwtSecret,
    jwtExpiry: config.jwtExpiry,
    demo: config.demo,
    devMailbox: config.devMailbox,
    mail: config.mail,
    catalogueFile: config.catalogueFile,
    publicUrl: config.publicUrl,
    siteUrl: config.siteUrl,
    redirectUrls: config.redirectUrls,
    trustProxy: config.trustProxy,
    rateLimits: config.rateLimits,
    syncRetention: { days: config.syncRetentionDays },
    seed: (db) =>
      seedDatabase(db, {
        demo: config.demo,
        catalogueFile: config.catalogueFile,
        log: (line) => console.log(`[seed] ${line}`),
      }),
  };
}
