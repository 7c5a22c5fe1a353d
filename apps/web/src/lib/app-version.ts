import manifest from '../../package.json';

/** The web app's version as the feedback form reports it (`web <version>`). */
export const appVersion = `web ${manifest.version}`;
