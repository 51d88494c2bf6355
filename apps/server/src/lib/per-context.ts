/**
 * One of a thing per context, made on first use: a context is one process's (or one test's), so
 * caches, schedulers and loaders that hang off it never leak between two apps in one process.
 */
export function perContext<C extends object, T>(make: (ctx: C) => T): (ctx: C) => T {
  const made = new WeakMap<C, T>();
  return (ctx) => {
    let it = made.get(ctx);
    if (!it) made.set(ctx, (it = make(ctx)));
    return it;
  };
}
