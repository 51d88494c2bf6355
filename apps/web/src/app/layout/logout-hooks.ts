/** Work to do before the session is cleared (app/providers.tsx revokes the token on the server). */
type Hook = () => Promise<void>;
const hooks = new Set<Hook>();

export const logoutHooks = {
  add(hook: Hook) {
    hooks.add(hook);
    return () => hooks.delete(hook);
  },
  async run() {
    for (const h of hooks) await h().catch(() => undefined);
  },
};
