// Admin layout: the admin side navigation (dashboard, company, project, user, algorithm, notice) for role 1.
// Role 2 enters only the notice pages of /admin (SPEC §6), so it keeps its own default navigation there,
// with the notice-management entry highlighted.
import { Role } from '@sightline/domain';
import { useAppConfig } from '../config/AppConfigContext';
import { adminNav, defaultNav } from '../shell/nav/nav-items';
import { useSession } from '../session/store';
import { AppFrame } from './AppFrame';

export default function AdminLayout() {
  const role = useSession((s) => s.user?.role_id);
  const { productName } = useAppConfig();
  const nav = role === undefined || role === Role.SystemAdmin ? adminNav() : defaultNav(role, productName);
  return <AppFrame nav={nav} />;
}
