'use client';

import { createContext, useContext } from 'react';
import type { ConsoleMe, ConsoleRole } from './console-api';

const ConsoleContext = createContext<ConsoleMe | undefined>(undefined);

export const ConsoleProvider = ConsoleContext.Provider;

/** The operator the console gate admitted; only inside the gate. */
export function useConsoleMe(): ConsoleMe {
  const me = useContext(ConsoleContext);
  if (!me) {
    throw new Error('useConsoleMe is used outside the console gate');
  }
  return me;
}

/** Whether a role may use a section open to `roles` (`admin` may use every one). */
export function roleAllows(role: ConsoleRole, roles: readonly ConsoleRole[]): boolean {
  return role === 'admin' || roles.includes(role);
}
