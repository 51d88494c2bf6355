import { useMemo } from 'react';
import { RouterProvider } from 'react-router';
import { useSession } from '../lib/use-session';
import { createAppRouter } from './router';

/** Permission-filtered routes are generated once per role, i.e. again only after login or logout. */
export function AppRouter() {
  const role = useSession()?.role ?? null;
  const router = useMemo(() => createAppRouter(role), [role]);
  return <RouterProvider router={router} />;
}
