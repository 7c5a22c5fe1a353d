import { notFound } from 'next/navigation';
import { appIconImage } from '@/features/web-app/app-icon-image';
import { appIcons } from '@/features/web-app/app-icons';

/** Every icon is drawn once, at build time. */
export const dynamic = 'force-static';
export const dynamicParams = false;

export function generateStaticParams(): { name: string }[] {
  return appIcons.map((icon) => ({ name: icon.name }));
}

/** `/icons/{name}`: one of the web app manifest's PNG icons (features/web-app/app-icons.ts). */
export async function GET(
  _request: Request,
  { params }: { params: Promise<{ name: string }> },
): Promise<Response> {
  const { name } = await params;
  const icon = appIcons.find((candidate) => candidate.name === name);
  if (!icon) {
    notFound();
  }
  return appIconImage(icon.size, icon.purpose);
}
