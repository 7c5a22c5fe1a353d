'use client';

import type { ComponentType, KeyboardEvent, ReactElement } from 'react';
import { cloneElement, useState } from 'react';

/** What a menu loaded by `LazyMenu` gets besides its own props. */
export interface LazyMenuState {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens the menu, for the menu's `DropdownMenuTrigger asChild`. */
  trigger: ReactElement;
}

/** The props `LazyMenu` puts on its trigger until the menu has loaded. */
interface PlainTriggerProps {
  'aria-haspopup': 'menu';
  'aria-expanded': false;
  onPointerEnter: () => void;
  onFocus: () => void;
  onClick: () => void;
  onKeyDown: (event: KeyboardEvent) => void;
}

/**
 * A menu whose code (Radix, its positioning and focus handling) loads on first use, so that a
 * page showing the menu's button does not load it up front. Until then its trigger is a plain
 * button that fetches the menu when hovered or focused; the click, Enter or Space (or Arrow Down)
 * that activates it opens the menu as soon as it has arrived, with the focus in the menu. From
 * then on the loaded menu renders the trigger itself.
 */
export function LazyMenu<Props extends object>({
  load,
  props,
  trigger,
}: {
  /** Imports the menu: a component rendering `DropdownMenu` with `trigger` as its trigger. */
  load: () => Promise<ComponentType<Props & LazyMenuState>>;
  /** The menu's own props. */
  props: Props;
  /** The button that opens the menu. */
  trigger: ReactElement<Partial<PlainTriggerProps>>;
}) {
  const [Menu, setMenu] = useState<ComponentType<Props & LazyMenuState>>();
  const [open, setOpen] = useState(false);
  if (Menu) {
    return <Menu {...props} open={open} onOpenChange={setOpen} trigger={trigger} />;
  }
  const activate = () => {
    void load().then((component) => {
      setMenu(() => component);
      setOpen(true);
    });
  };
  const preload = () => void load();
  return cloneElement(trigger, {
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    onPointerEnter: preload,
    onFocus: preload,
    onClick: activate,
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key === 'ArrowDown') {
        event.preventDefault();
        activate();
      }
    },
  });
}
