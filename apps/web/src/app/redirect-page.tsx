import { Navigate, useLocation } from 'react-router';

/** `/redirect/<path>` re-enters `<path>`: a way to reload the current page's route. */
export default function RedirectPage() {
  const { pathname, search } = useLocation();
  const target = pathname.replace(/^\/redirect/, '') || '/home';
  return <Navigate to={target + search} replace />;
}
