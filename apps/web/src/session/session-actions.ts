// Session transitions of SPEC §4: token, refresh, user info, logout, current project and line.
import { ErrorCode } from '@sightline/domain';
import { api, setSessionHandlers } from '../api/client';
import { ApiError } from '../api/api-error';
import { cancelAll } from '../api/cancel-registry';
import { flashSessionExpired, handleApiError } from '../api/error-handler';
import { clearToken, getToken, getTokenExpiry, storeToken } from '../api/token';
import { flash } from '../components/flash';
import i18n from '../i18n';
import { saveCurrent, savedLineId, savedProjectId } from './current-cookies';
import { navigateTo } from './navigation';
import { isExpired, pickCurrent } from './project-picker';
import { getSession, resetSession, setSession } from './store';
import { LOOKUP_NAMES, type LookupItem, type ProjectLine, type UserInfo, type UserProject } from './types';

interface TokenAnswer {
  token: string;
  expiresIn: number;
}

/** Remembers across tabs that someone logged in, so a fresh tab tries the refresh cookie. */
const KNOWN_USER = 'sightline.knownUser';
/** Refresh this long before the access token expires. */
const REFRESH_MARGIN_MS = 60_000;
let refreshTimer: ReturnType<typeof setTimeout> | undefined;

function scheduleRefresh(expiresInSeconds: number): void {
  clearTimeout(refreshTimer);
  const delay = Math.max(5_000, expiresInSeconds * 1000 - REFRESH_MARGIN_MS);
  refreshTimer = setTimeout(() => {
    refreshToken().catch(() => logout({ reason: 'expired' }));
  }, delay);
}

/** Stores the token, plans its refresh and loads the common lookups (SPEC §4 "setting a token"). */
export function setToken(answer: TokenAnswer): void {
  storeToken(answer.token, answer.expiresIn);
  localStorage.setItem(KNOWN_USER, '1');
  scheduleRefresh(answer.expiresIn);
  void loadLookups();
}

export async function refreshToken(): Promise<void> {
  const answer = await api.post<TokenAnswer>('/api/refresh-token');
  setToken(answer);
}

async function loadLookups(): Promise<void> {
  const entries = await Promise.all(
    LOOKUP_NAMES.map(async (name) => {
      try {
        return [name, await api.get<LookupItem[]>(`/api/common/${name}`)] as const;
      } catch (err) {
        // SPEC §8: a failed lookup load shows nothing specific; keep it out of the user's way.
        console.warn(`lookup ${name} failed`, err);
        return [name, undefined] as const;
      }
    }),
  );
  const lookups = { ...getSession().lookups };
  for (const [name, list] of entries) if (list) lookups[name] = list;
  setSession({ lookups });
}

/** The default project comes without permissions; give it the user's permissions for it. */
function normalizeUser(user: UserInfo): UserInfo {
  const d = user.default_project;
  if (!d) return user;
  const perms = (user.permissions?.[String(d.id)] ?? []) as UserProject['permissions'];
  return { ...user, default_project: { ...d, permissions: d.permissions ?? perms, lines: d.lines ?? [] } };
}

/** Loads user info and applies the current-project rule with the remembered project and line. */
export async function loadUser(): Promise<UserInfo> {
  const user = normalizeUser(await api.get<UserInfo>('/api/user/information'));
  const { project, line } = pickCurrent(user, savedProjectId(), savedLineId());
  saveCurrent(project, line);
  setSession({ status: 'authenticated', user, currentProject: project, currentLine: line });
  return user;
}

export async function login(username: string, password: string): Promise<UserInfo> {
  const answer = await api.post<TokenAnswer>('/api/auth/login', { username, password });
  setToken(answer);
  return loadUser();
}

/** Start-up: a token means load the user; a known user without a token tries the refresh cookie. */
export async function boot(): Promise<void> {
  const token = getToken();
  const known = localStorage.getItem(KNOWN_USER) === '1';
  if (!token && !known) return resetSession('anonymous');
  try {
    const expiry = getTokenExpiry();
    if (!token || (expiry !== null && expiry - Date.now() < REFRESH_MARGIN_MS)) await refreshToken();
    else {
      scheduleRefresh((expiry! - Date.now()) / 1000);
      void loadLookups();
    }
    await loadUser();
  } catch {
    clearSession();
    if (token) navigateTo('/auth/login', { replace: true });
    else navigateTo('/', { replace: true });
  }
}

function clearSession(): void {
  clearTimeout(refreshTimer);
  cancelAll();
  clearToken();
  localStorage.removeItem(KNOWN_USER);
  resetSession('anonymous');
}

export type LogoutReason = 'user' | 'expired' | 'maintenance' | 'accountExpired';

/** Ends the session and goes to the login page. The confirmation is asked by the caller (header). */
export async function logout({
  reason = 'user' as LogoutReason,
  message,
}: { reason?: LogoutReason; message?: string } = {}) {
  if (getToken() && reason === 'user') {
    try {
      await api.post('/api/auth/logout');
    } catch {
      // The local session ends anyway.
    }
  }
  clearSession();
  if (reason === 'expired') flashSessionExpired();
  if (reason === 'maintenance') flash('error', message || i18n.t('common:session.maintenance'));
  if (reason === 'accountExpired') flash('error', message || i18n.t('common:session.accountExpired'));
  navigateTo('/auth/login', { replace: true });
}

setSessionHandlers({
  onUnauthorized: () => void logout({ reason: 'expired' }),
  onMaintenance: (message) => void logout({ reason: 'maintenance', message }),
  onAccountExpired: (message) => void logout({ reason: 'accountExpired', message }),
});

/**
 * Choosing a project checks its usage limit first (SPEC §4). Expired → refused and marked;
 * otherwise it becomes current with its first line and the user goes home.
 */
export async function chooseProject(project: UserProject): Promise<boolean> {
  let endDate: string | null | undefined = project.end_date;
  try {
    const limit = await api.get<{ end_date?: string | null } | null>(
      `/api/v2/project-limit/${project.id}/get`,
    );
    endDate = limit?.end_date ?? null;
  } catch (err) {
    // Absent data means no limit; a missing limit record answers 404.
    if (!(err instanceof ApiError && err.status === 404)) {
      handleApiError(err);
      return false;
    }
  }
  if (isExpired(endDate)) {
    const denied = getSession().deniedProjectIds;
    if (!denied.includes(project.id)) setSession({ deniedProjectIds: [...denied, project.id] });
    flash('error', i18n.t('common:project.expiredContent'), i18n.t('common:project.expiredTitle'));
    return false;
  }
  const line = project.lines[0] ?? null;
  saveCurrent(project, line);
  setSession({ currentProject: project, currentLine: line });
  navigateTo('/');
  return true;
}

export function chooseLine(line: ProjectLine): void {
  saveCurrent(getSession().currentProject, line);
  setSession({ currentLine: line });
  navigateTo('/monitoring');
}

/** After a successful password change the server clears reset_admin / password_alarm. */
export function markPasswordChanged(): void {
  const user = getSession().user;
  if (user) setSession({ user: { ...user, reset_admin: false, password_alarm: false } });
}

export const isMaintenanceError = (e: unknown) => e instanceof ApiError && e.code === ErrorCode.Maintenance;
