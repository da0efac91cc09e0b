// Not a plugin: the build's log filter (vite.config.ts's onLog). Libraries written for React
// Server Components open their files with "use client", and rolldown warns about each such file
// on every build; those notices ask nothing of us and hid the warnings that do.

/**
 * Libraries written for React Server Components (react-router) open their files with "use client".
 * A browser bundle has no use for the directive, and rolldown says so for each such file, a screen
 * of warnings on every build that asks nothing of us. Those notices, and only those (a library's
 * "use client"), are left out; every other warning is shown.
 */
export function isLibraryUseClientNotice(level: string, log: { code?: string; id?: string; message: string }): boolean {
  return (
    level === 'warn' &&
    log.code === 'MODULE_LEVEL_DIRECTIVE' &&
    /[\\/]node_modules[\\/]/.test(log.id ?? '') &&
    log.message.includes('"use client"')
  );
}
