// Builds the browser router from APP_ROUTES: one layout route per layout, each page behind its guard.
import { createBrowserRouter, Outlet, type RouteObject, useNavigate } from 'react-router-dom';
import { useEffect, type ComponentType } from 'react';
import NotFoundPage from '../components/NotFoundPage';
import AdminLayout from '../layouts/AdminLayout';
import DefaultLayout from '../layouts/DefaultLayout';
import FluidLayout from '../layouts/FluidLayout';
import MonitoringLayout from '../layouts/MonitoringLayout';
import { setNavigator } from '../session/navigation';
import { GlobalModals } from '../shell/GlobalModals';
import { GuardedPage } from './GuardedPage';
import { RouteErrorPage } from './RouteErrorPage';
import type { LayoutName } from './route-meta';
import { APP_ROUTES } from './routes';

const LAYOUTS: Record<LayoutName, ComponentType> = {
  default: DefaultLayout,
  fluid: FluidLayout,
  admin: AdminLayout,
  monitoring: MonitoringLayout,
};

/** Hands the router's navigate to non-React code and mounts app-wide modals. */
function Root() {
  const navigate = useNavigate();
  useEffect(() => setNavigator((to, opts) => void navigate(to, opts)), [navigate]);
  return (
    <>
      <Outlet />
      <GlobalModals />
    </>
  );
}

export function buildRoutes(): RouteObject[] {
  const layouts = (Object.keys(LAYOUTS) as LayoutName[]).map<RouteObject>((name) => {
    const Layout = LAYOUTS[name];
    return {
      element: <Layout />,
      children: APP_ROUTES.filter((r) => r.layout === name).map(({ page, ...meta }) => ({
        path: meta.path,
        handle: meta,
        element: <GuardedPage meta={meta} page={page} />,
      })),
    };
  });
  const Default = LAYOUTS.default;
  return [
    {
      element: <Root />,
      errorElement: <RouteErrorPage />,
      children: [...layouts, { element: <Default />, children: [{ path: '*', element: <NotFoundPage /> }] }],
    },
  ];
}

export const createAppRouter = () => createBrowserRouter(buildRoutes());
