'use client';

import { Moon, Sun } from 'lucide-react';
import { useTheme } from 'next-themes';
import { buttonVariants } from '@/components/ui/button-variants';

export interface ThemeToggleProps {
  label: string;
}

/**
 * Switches between the light and dark theme. Until the visitor chooses, the theme follows the
 * system; both icons are rendered and CSS shows the right one, so the server HTML never guesses.
 */
export function ThemeToggle({ label }: ThemeToggleProps) {
  const { resolvedTheme, setTheme } = useTheme();
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      className={buttonVariants({ variant: 'ghost', size: 'icon' })}
      onClick={() => setTheme(resolvedTheme === 'dark' ? 'light' : 'dark')}
    >
      <Sun aria-hidden className="dark:hidden" />
      <Moon aria-hidden className="hidden dark:block" />
    </button>
  );
}
