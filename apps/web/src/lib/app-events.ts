import mitt from 'mitt';
import type {
  AnalyticsEventName,
  AnalyticsProps,
  AppDownloadPlatform,
  AppChannel,
} from '@nimbus/contracts';

/*
 * The web app's internal events (docs/product.md#states) on one typed bus: components emit them where
 * they happen and anything may subscribe. The analytics host forwards them, with `block-page`
 * and `app-download`, to `/statistics/pub/event` when analysis is allowed.
 */

/** What each event carries: small properties (text or numbers) that go with it as `props`. */
// A type, not an interface: mitt needs its implicit index signature.
export type AppEvents = {
  /** A sign-in, sign-up or hand-off ended with a session. */
  'after-login': { method: 'password' | 'sign-up' | 'code' };
  /** A sign-in was refused; `reason` is the error's reason (`invalid_account_or_password`, ...). */
  'login-failed': { reason: string };
  /** The member signed out. */
  'logout-success': Record<string, never>;
  /** The viewer's player started on a video or an audio file. */
  'player-mount': { kind: 'video' | 'audio' };
  /** The player went on where the member stopped last time (`position` in seconds). */
  'player-restore': { position: number };
  /** The member paused (froze) a video before its end (`position` in seconds). */
  'set-video-freeze': { position: number };
  /** The viewer was closed on a video (`position` in seconds). */
  'close-video-player': { position: number };
  /** The viewer was closed on a picture. */
  'close-picture-player': Record<string, never>;
  /** The drive's file manager was left (`view`: all, recent, trash, ...; `seconds` open). */
  'file-manager-close': { view: string; seconds: number };
  /** "Save to my drive" on a share page (`items`: 0 for the whole share). */
  'restore-click': { items: number; signed_in: 0 | 1 };
  /** The save from a share was sent. */
  'restore-saving': { items: number };
  /** A save from a share answered or ended (`RESTORE_COMPLETE`, `RESTORE_START`, a share status, `failed`). */
  'restore-status': { status: string };
  /** A link to the premium pages was followed (`from` and `to` are routes). */
  'jump-to-vip': { from: string; to: string };
  /** A share page's link into the drive was followed. */
  'share-page-will-jump-to-web': { to: string };
  /** A visitor without access saw the block page (docs/product.md#screens-and-routes). */
  'block-page': Record<string, never>;
  /** A download button of an app page was clicked. */
  'app-download': { platform: AppDownloadPlatform; channel: AppChannel };
};

// Every analytics event has an entry, and every entry fits the properties the server takes.
type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Misfits = {
  [K in keyof AppEvents]: AppEvents[K] extends AnalyticsProps ? never : K;
}[keyof AppEvents];
const eventsMatch: Exact<keyof AppEvents, AnalyticsEventName> = true;
const propsFit: [Misfits] extends [never] ? true : false = true;
void eventsMatch;
void propsFit;

export type AppEventName = keyof AppEvents;
export type AppEventListener = <K extends AppEventName>(name: K, props: AppEvents[K]) => void;

/** A bus of the app's events. */
export interface AppEventBus {
  emit<K extends AppEventName>(name: K, props: AppEvents[K]): void;
  /** Listens to one event; answers the function that stops listening. */
  on<K extends AppEventName>(name: K, listener: (props: AppEvents[K]) => void): () => void;
  /** Listens to every event; answers the function that stops listening. */
  onAny(listener: AppEventListener): () => void;
}

/** A new bus (mitt underneath); a listener that throws does not keep the others from hearing. */
export function createAppEventBus(
  onListenerError: (error: unknown) => void = () => undefined,
): AppEventBus {
  const emitter = mitt<AppEvents>();
  return {
    emit(name, props) {
      emitter.emit(name, props);
    },
    on(name, listener) {
      const guarded = (props: AppEvents[typeof name]) => {
        try {
          listener(props);
        } catch (error) {
          onListenerError(error);
        }
      };
      emitter.on(name, guarded);
      return () => emitter.off(name, guarded);
    },
    onAny(listener) {
      const guarded = (name: AppEventName, props: AppEvents[AppEventName]) => {
        try {
          listener(name, props);
        } catch (error) {
          onListenerError(error);
        }
      };
      emitter.on('*', guarded);
      return () => emitter.off('*', guarded);
    },
  };
}

/** The page's one bus. */
export const appEvents: AppEventBus = createAppEventBus((error) => {
  console.error('An app event listener failed', error);
});

/** Emits an event on the page's bus. */
export function emitAppEvent<K extends AppEventName>(name: K, props: AppEvents[K]): void {
  appEvents.emit(name, props);
}
