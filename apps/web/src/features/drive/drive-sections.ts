/** The drive's listings: files (`all`, `recent`, `starred`, `trash`) and the shared links. */
export type DriveSection = 'all' | 'recent' | 'starred' | 'shares' | 'trash';

/** The sections that list files (the shared links have a list of their own). */
export type FileSection = Exclude<DriveSection, 'shares'>;

/** The sidebar's entries: the listings and the offline downloads (`/drive/tasks`). */
export type ShellSection = DriveSection | 'tasks';

/** The locale-prefixed paths of the sections, of sign-in and of the shell's other links. */
export type DriveHrefs = Record<
  ShellSection | 'signIn' | 'upgrade' | 'upgradeTraffic' | 'feedback',
  string
>;
