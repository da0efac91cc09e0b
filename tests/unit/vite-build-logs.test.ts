// What `npm start`'s build keeps from the user: a library's "use client" notice, nothing else.
import { describe, expect, it } from 'vitest';
import { isLibraryUseClientNotice } from '../../.config/vite/use-client-notice.ts';

// The shape rolldown logs for react-router's production build (its message trimmed).
const useClient = {
  code: 'MODULE_LEVEL_DIRECTIVE',
  id: '/work/app/node_modules/react-router/dist/production/index.mjs',
  message:
    '[MODULE_LEVEL_DIRECTIVE] The semantics of the module level directive "use client" in "node_modules/react-router/dist/production/index.mjs" may not be preserved when bundling.',
};

describe("the build's log filter", () => {
  it('leaves out a library\'s "use client" notice', () => {
    expect(isLibraryUseClientNotice('warn', useClient)).toBe(true);
    expect(isLibraryUseClientNotice('warn', { ...useClient, id: 'C:\\app\\node_modules\\x\\index.js' })).toBe(true);
  });

  it('shows the same notice for our own code, other directives and other warnings', () => {
    expect(isLibraryUseClientNotice('warn', { ...useClient, id: '/work/app/src/app/main.tsx' })).toBe(false);
    expect(
      isLibraryUseClientNotice('warn', {
        ...useClient,
        message: useClient.message.replace('use client', 'use server'),
      }),
    ).toBe(false);
    expect(isLibraryUseClientNotice('warn', { ...useClient, code: 'CIRCULAR_DEPENDENCY' })).toBe(false);
    expect(isLibraryUseClientNotice('error', useClient)).toBe(false);
  });
});
