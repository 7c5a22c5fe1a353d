import { describe, expect, it } from 'vitest';
import { createLayoutStore, isMobileWidth } from './layout-store';

describe('layout store', () => {
  it('starts with everything off', () => {
    const store = createLayoutStore(() => 1_700_000_000_000);
    const {
      sidebarMobileVisible,
      i18nMenuPopoverVisible,
      isMobile,
      darkMode,
      serverTime,
      isCollapse,
    } = store.getState();
    expect({
      sidebarMobileVisible,
      i18nMenuPopoverVisible,
      isMobile,
      darkMode,
      serverTime,
      isCollapse,
    }).toEqual({
      sidebarMobileVisible: false,
      i18nMenuPopoverVisible: false,
      isMobile: false,
      darkMode: false,
      serverTime: 1_700_000_000_000,
      isCollapse: false,
    });
  });

  it('is mobile at 768 px and below', () => {
    expect(isMobileWidth(768)).toBe(true);
    expect(isMobileWidth(320)).toBe(true);
    expect(isMobileWidth(769)).toBe(false);
  });

  it('closes the mobile drawer when the viewport leaves the mobile layout', () => {
    const store = createLayoutStore();
    store.getState().setIsMobile(true);
    store.getState().setSidebarMobileVisible(true);
    store.getState().setIsMobile(true);
    expect(store.getState().sidebarMobileVisible).toBe(true);
    store.getState().setIsMobile(false);
    expect(store.getState().sidebarMobileVisible).toBe(false);
  });
});
