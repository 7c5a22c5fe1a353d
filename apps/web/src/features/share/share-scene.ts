/** The scenes of the share page (docs/product.md#entities). */
export type ShareScene = 'SHARE' | 'SHARE_DETAIL' | 'SHOW_LOGIN_DIALOG' | 'SHARE_PREVIEW_WINDOW';

/** The query parameter that names the scene the page opens in. */
export const sceneParam = 'scene';

/** Sets (or removes) `?scene=` without a navigation, so a reload opens the same scene. */
export function replaceScene(scene: ShareScene | undefined): void {
  const url = new URL(window.location.href);
  if (scene) {
    url.searchParams.set(sceneParam, scene);
  } else {
    url.searchParams.delete(sceneParam);
  }
  if (url.href !== window.location.href) {
    window.history.replaceState(window.history.state, '', url);
  }
}
