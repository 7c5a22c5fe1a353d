import { Laptop, Monitor } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import { PageIntro } from '@/components/page-intro';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { infoPageMetadata } from '@/features/site/info-page';

export const generateMetadata = infoPageMetadata('desktop-app');

/** /desktop-app: the Windows and Mac apps; the Mac builds for Apple silicon and Intel are tabs. */
export default async function DesktopAppPage() {
  const t = await getTranslations('pages');
  return (
    <PageIntro title={t('desktop-app.title')} description={t('desktop-app.description')}>
      <div className="grid gap-4 md:grid-cols-2">
        <section aria-labelledby="desktop-windows" className="rounded-xl border border-border p-5">
          <h2 id="desktop-windows" className="flex items-center gap-2 text-lg font-semibold">
            <Monitor aria-hidden className="size-5 text-primary" />
            {t('desktop-app.windows')}
          </h2>
          <p className="mt-2 text-muted-foreground">{t('desktop-app.windows-detail')}</p>
        </section>
        <section aria-labelledby="desktop-mac" className="rounded-xl border border-border p-5">
          <h2 id="desktop-mac" className="flex items-center gap-2 text-lg font-semibold">
            <Laptop aria-hidden className="size-5 text-primary" />
            {t('desktop-app.mac')}
          </h2>
          <Tabs defaultValue="apple-silicon" className="mt-3">
            <TabsList aria-label={t('desktop-app.builds-label')}>
              <TabsTrigger value="apple-silicon">{t('desktop-app.mac-apple-silicon')}</TabsTrigger>
              <TabsTrigger value="intel">{t('desktop-app.mac-intel')}</TabsTrigger>
            </TabsList>
            <TabsContent value="apple-silicon" className="text-muted-foreground">
              {t('desktop-app.mac-apple-silicon-detail')}
            </TabsContent>
            <TabsContent value="intel" className="text-muted-foreground">
              {t('desktop-app.mac-intel-detail')}
            </TabsContent>
          </Tabs>
        </section>
      </div>
    </PageIntro>
  );
}
