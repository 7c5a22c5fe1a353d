/**
 * The roles of the operator console (docs/product.md#operator-console): `admin` may do
 * everything, `moderator` reviews reports, shares and files and blocks members, `support` reads
 * members, resends mail and resets two-factor. A member holds at most one of them.
 */
export const consoleRoles = ['admin', 'moderator', 'support'] as const;

export type ConsoleRole = (typeof consoleRoles)[number];

export function isConsoleRole(value: string): value is ConsoleRole {
  return (consoleRoles as readonly string[]).includes(value);
}

/** How long a two-factor sign-in opens the console before a step-up is asked. */
export const consoleStepUpHours = 12;
