import type { MetadataRoute } from 'next';

/** The web app manifest: installable, with the Nimbus icons and colours. */
export default function manifest(): MetadataRoute.Manifest {
  return {
    name: 'Nimbus',
    short_name: 'Nimbus',
    description: 'Cloud drive and file sharing',
    start_url: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: '#2f6fdc',
    icons: [
      { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml' },
      { src: '/apple-icon', sizes: '180x180', type: 'image/png' },
    ],
  };
}
