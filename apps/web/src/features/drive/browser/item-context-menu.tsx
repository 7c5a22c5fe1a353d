'use client';

import type {
  ComponentType,
  FocusEvent,
  HTMLAttributes,
  MouseEvent,
  PointerEvent,
  ReactElement,
} from 'react';
import { cloneElement, useEffect, useState } from 'react';
import type { ItemAction } from '../file-item';
import type { ItemMenuProps } from '../item-menu';

const loadPanel = () => import('../item-menu').then((module) => module.ItemMenu);

/** How long a touch or pen rests on the listing before the menu opens, as Radix's context menu. */
const longPressMs = 700;

/** The long press under way (one pointer presses at a time) and the menus opened so far (keys). */
let longPress: number | undefined;
let menusOpened = 0;

function clearLongPress() {
  window.clearTimeout(longPress);
  longPress = undefined;
}

function startLongPress(open: () => void) {
  clearLongPress();
  longPress = window.setTimeout(open, longPressMs);
}

function nextMenuKey(): number {
  menusOpened += 1;
  return menusOpened;
}

type ListingProps = Pick<
  HTMLAttributes<HTMLElement>,
  | 'onContextMenu'
  | 'onPointerDown'
  | 'onPointerMove'
  | 'onPointerUp'
  | 'onPointerCancel'
  | 'onPointerEnter'
  | 'onFocus'
  | 'style'
>;

/**
 * The context menu of a drive listing (right click or long press, not on phones): the actions of
 * the item or selection clicked, or New folder on the listing's background in a folder. The
 * menu's code (`../item-menu`, the listing's one item menu) loads when the pointer or the focus first comes to the
 * listing, so the first screen does without it; a right click before it has arrived opens the
 * menu as soon as it has.
 */
export function ItemContextMenu({
  actions,
  newFolder,
  disabled,
  onClosed,
  children,
}: {
  /** The actions of what was clicked; none on the background. */
  actions: ItemAction[];
  /** Offered on the background, when the listing is a folder. */
  newFolder: (() => void) | undefined;
  disabled: boolean;
  onClosed: () => void;
  /** The listing. */
  children: ReactElement<ListingProps>;
}) {
  const [Panel, setPanel] = useState<ComponentType<ItemMenuProps>>();
  const [menu, setMenu] = useState<{
    key: number;
    x: number;
    y: number;
    returnFocus: Element | null;
  }>();
  useEffect(() => clearLongPress, []);

  const openAt = (x: number, y: number) => {
    const returnFocus = document.activeElement;
    const key = nextMenuKey();
    void loadPanel().then((component) => {
      setPanel(() => component);
      setMenu({ key, x, y, returnFocus });
    });
  };
  const listing = children.props;
  const touchOrPen = (event: PointerEvent) => event.pointerType !== 'mouse';
  const trigger: ListingProps = disabled
    ? {}
    : {
        style: { WebkitTouchCallout: 'none', ...listing.style },
        onPointerEnter: (event: PointerEvent<HTMLElement>) => {
          listing.onPointerEnter?.(event);
          void loadPanel();
        },
        onFocus: (event: FocusEvent<HTMLElement>) => {
          listing.onFocus?.(event);
          void loadPanel();
        },
        onContextMenu: (event: MouseEvent<HTMLElement>) => {
          listing.onContextMenu?.(event);
          clearLongPress();
          if (!event.defaultPrevented) {
            event.preventDefault();
            openAt(event.clientX, event.clientY);
          }
        },
        onPointerDown: (event: PointerEvent<HTMLElement>) => {
          listing.onPointerDown?.(event);
          if (touchOrPen(event) && !event.defaultPrevented) {
            const { clientX, clientY } = event;
            startLongPress(() => openAt(clientX, clientY));
          }
        },
        onPointerMove: (event: PointerEvent<HTMLElement>) => {
          listing.onPointerMove?.(event);
          if (touchOrPen(event)) {
            clearLongPress();
          }
        },
        onPointerUp: (event: PointerEvent<HTMLElement>) => {
          listing.onPointerUp?.(event);
          if (touchOrPen(event)) {
            clearLongPress();
          }
        },
        onPointerCancel: (event: PointerEvent<HTMLElement>) => {
          listing.onPointerCancel?.(event);
          if (touchOrPen(event)) {
            clearLongPress();
          }
        },
      };
  return (
    <>
      {cloneElement(children, trigger)}
      {Panel && menu ? (
        <Panel
          key={menu.key}
          at={{ left: menu.x, top: menu.y, width: 0, height: 0 }}
          placement="point"
          returnFocus={menu.returnFocus}
          refocusAfterOutside
          testId="item-menu"
          actions={actions}
          newFolder={newFolder}
          onClose={() => {
            setMenu(undefined);
            onClosed();
          }}
        />
      ) : null}
    </>
  );
}
