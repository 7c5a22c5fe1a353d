import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { TasksPage } from '@/features/drive/offline/tasks-page';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';

export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  const t = await getTranslations({ locale: await localeOf(params), namespace: 'offline' });
  return { title: t('tasks.title'), description: t('add.description') };
}

/** /drive/tasks: the member's offline downloads. */
export default async function DriveTasksPage({ params }: LocaleParams) {
  return <TasksPage locale={await localeOf(params)} />;
}
