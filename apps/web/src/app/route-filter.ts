import type { Role } from '@chepai/shared';
import type { AppRoute, Permission } from './route-table';

/**
 * docs/product.md#2-roles-and-permissions: a visitor is a domesticConsumer; a logged-in user adds their role.
 * (The original names only the buyer; a seller gets the seller set the same way.)
 */
export function allowedPermissions(role: Role | null): Permission[] {
  return role ? [role, 'domesticConsumer'] : ['domesticConsumer'];
}

/** Keeps public routes and those whose permission list meets the allowed set; a dropped route takes its children with it. */
export function filterRoutes(routes: AppRoute[], allowed: Permission[]): AppRoute[] {
  const out: AppRoute[] = [];
  for (const route of routes) {
    const { permission } = route.meta;
    if (permission.length && !permission.some((p) => allowed.includes(p))) continue;
    out.push(route.children ? { ...route, children: filterRoutes(route.children, allowed) } : route);
  }
  return out;
}
