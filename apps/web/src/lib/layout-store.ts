import { create } from 'zustand';

/** At or below this viewport width the site uses its mobile layout (docs/product.md#limits). */
export const mobileBreakpointPx = 768;

/** Whether a viewport width counts as mobile. */
export function isMobileWidth(width: number): boolean {
  return width <= mobileBreakpointPx;
}

/** The layout state of docs/product.md#entities, with its setters. */
export interface LayoutState {
  /** Whether the mobile sidebar drawer is open. */
  sidebarMobileVisible: boolean;
  /** Whether the language menu is open. */
  i18nMenuPopoverVisible: boolean;
  /** Whether the viewport is at most 768 px wide. */
  isMobile: boolean;
  /** Whether the dark theme is showing. */
  darkMode: boolean;
  /** The server's clock in milliseconds, initialised from the local clock. */
  serverTime: number;
  /** Whether the drive's sidebar is collapsed. */
  isCollapse: boolean;
  setSidebarMobileVisible: (visible: boolean) => void;
  setI18nMenuPopoverVisible: (visible: boolean) => void;
  setIsMobile: (isMobile: boolean) => void;
  setDarkMode: (darkMode: boolean) => void;
  setServerTime: (serverTime: number) => void;
  setIsCollapse: (isCollapse: boolean) => void;
}

/** Creates a layout store; the app uses the one below, tests make their own. */
export function createLayoutStore(now: () => number = Date.now) {
  return create<LayoutState>()((set) => ({
    sidebarMobileVisible: false,
    i18nMenuPopoverVisible: false,
    isMobile: false,
    darkMode: false,
    serverTime: now(),
    isCollapse: false,
    setSidebarMobileVisible: (sidebarMobileVisible) => set({ sidebarMobileVisible }),
    setI18nMenuPopoverVisible: (i18nMenuPopoverVisible) => set({ i18nMenuPopoverVisible }),
    /* Leaving the mobile layout closes the mobile-only drawer. */
    setIsMobile: (isMobile) =>
      set(isMobile ? { isMobile } : { isMobile, sidebarMobileVisible: false }),
    setDarkMode: (darkMode) => set({ darkMode }),
    setServerTime: (serverTime) => set({ serverTime }),
    setIsCollapse: (isCollapse) => set({ isCollapse }),
  }));
}

/** The layout state of the page. */
export const useLayoutStore = createLayoutStore();
