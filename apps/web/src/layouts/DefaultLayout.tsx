// Default layout: side navigation, except on /auth, /notice and /intro paths (and for visitors),
// which show the copyright footer instead. Shows the customer-service frame.
import { useLocation } from 'react-router-dom';
import { useAppConfig } from '../config/AppConfigContext';
import { defaultNav } from '../shell/nav/nav-items';
import { useSession } from '../session/store';
import { AppFrame } from './AppFrame';

export const hidesSideNav = (path: string) => ['/auth', '/notice', '/intro'].some((p) => path.includes(p));

export default function DefaultLayout() {
  const { pathname } = useLocation();
  const user = useSession((s) => s.user);
  const { productName } = useAppConfig();
  const bare = hidesSideNav(pathname) || !user;
  return <AppFrame nav={bare ? null : defaultNav(user.role_id, productName)} footer={bare} csFrame />;
}
