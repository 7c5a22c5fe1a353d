import type { ConsoleRole } from './console-api';

/** A page of the console, with the roles that may open it besides `admin`. */
export interface ConsoleSection {
  /** The path without locale prefix. */
  path: string;
  /** Its key under `console.nav`. */
  key:
    | 'overview'
    | 'dashboard'
    | 'system'
    | 'members'
    | 'moderation'
    | 'codes'
    | 'settings'
    | 'roles'
    | 'audit';
  roles: readonly ConsoleRole[];
}

/** The console's pages in the order of its navigation; the server checks each call again. */
export const consoleSections: readonly ConsoleSection[] = [
  { path: '/admin', key: 'overview', roles: ['moderator', 'support'] },
  { path: '/admin/dashboard', key: 'dashboard', roles: [] },
  { path: '/admin/system', key: 'system', roles: [] },
  { path: '/admin/members', key: 'members', roles: ['moderator', 'support'] },
  { path: '/admin/moderation', key: 'moderation', roles: ['moderator'] },
  { path: '/admin/codes', key: 'codes', roles: ['support'] },
  { path: '/admin/settings', key: 'settings', roles: [] },
  { path: '/admin/roles', key: 'roles', roles: [] },
  { path: '/admin/audit', key: 'audit', roles: [] },
];
