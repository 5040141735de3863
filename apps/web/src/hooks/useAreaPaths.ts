// Project and user pages serve both /admin (role 1) and /my (role 2, SPEC §2). Links inside them
// stay in the area the user came from.
import { useLocation } from 'react-router-dom';

export interface AreaPaths {
  area: 'admin' | 'my';
  projects: string;
  users: string;
}

const ADMIN: AreaPaths = { area: 'admin', projects: '/admin/project', users: '/admin/user' };
const MY: AreaPaths = { area: 'my', projects: '/my/projects', users: '/my/user' };

export function useAreaPaths(): AreaPaths {
  return useLocation().pathname.startsWith('/my') ? MY : ADMIN;
}
