/**
 * The router, as every app of the page uses it: one shared module (the host's copy) holding the
 * router's contexts. Apps import from here, never from `react-router` (a lint rule says so): the
 * host provides this module eagerly, and because it names what the apps use, the build drops the
 * rest of react-router (data routers, server rendering, cookies) instead of shipping all of it as
 * a shared library would.
 */
export {
  BrowserRouter,
  Link,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useRoutes,
  useSearchParams,
} from 'react-router';
export type { NavigateOptions, RouteObject } from 'react-router';
