// Admin layout: the admin side navigation (dashboard, company, project, user, algorithm, notice).
import { adminNav } from '../shell/nav/nav-items';
import { AppFrame } from './AppFrame';

export default function AdminLayout() {
  return <AppFrame nav={adminNav()} />;
}
