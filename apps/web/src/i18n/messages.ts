import type { Locale, SharedMessages } from '@nimbus/contracts';
import { sharedMessages } from '@nimbus/contracts';
import type account from '../../messages/en-US/account.json';
import type activity from '../../messages/en-US/activity.json';
import type apps from '../../messages/en-US/apps.json';
import type auth from '../../messages/en-US/auth.json';
import type common from '../../messages/en-US/common.json';
import type consoleMessages from '../../messages/en-US/console.json';
import type drive from '../../messages/en-US/drive.json';
import type faq from '../../messages/en-US/faq.json';
import type help from '../../messages/en-US/help.json';
import type helpArticles from '../../messages/en-US/help-articles.json';
import type helpCenter from '../../messages/en-US/help-center.json';
import type home from '../../messages/en-US/home.json';
import type offline from '../../messages/en-US/offline.json';
import type pages from '../../messages/en-US/pages.json';
import type payment from '../../messages/en-US/payment.json';
import type policy from '../../messages/en-US/policy.json';
import type policyTexts from '../../messages/en-US/policy-texts.json';
import type preview from '../../messages/en-US/preview.json';
import type referral from '../../messages/en-US/referral.json';
import type share from '../../messages/en-US/share.json';
import type support from '../../messages/en-US/support.json';
import type upload from '../../messages/en-US/upload.json';

/**
 * The site's messages, one file per namespace and locale under `messages/<locale>/`, typed from
 * the English files. The `errors` namespace is the shared catalogue of `@nimbus/contracts`.
 */
export interface Messages {
  common: typeof common;
  home: typeof home;
  pages: typeof pages;
  policy: typeof policy;
  'policy-texts': typeof policyTexts;
  faq: typeof faq;
  help: typeof help;
  'help-center': typeof helpCenter;
  'help-articles': typeof helpArticles;
  auth: typeof auth;
  account: typeof account;
  drive: typeof drive;
  upload: typeof upload;
  preview: typeof preview;
  share: typeof share;
  offline: typeof offline;
  referral: typeof referral;
  activity: typeof activity;
  apps: typeof apps;
  support: typeof support;
  payment: typeof payment;
  console: typeof consoleMessages;
  errors: SharedMessages['errors'];
}

/** The namespaces stored as files in `messages/<locale>/`. */
export const fileNamespaces = [
  'common',
  'home',
  'pages',
  'policy',
  'policy-texts',
  'faq',
  'help',
  'help-center',
  'help-articles',
  'auth',
  'account',
  'drive',
  'upload',
  'preview',
  'share',
  'offline',
  'referral',
  'activity',
  'apps',
  'support',
  'payment',
  'console',
] as const satisfies readonly (keyof Messages)[];

type FileNamespace = (typeof fileNamespaces)[number];

async function loadNamespace<N extends FileNamespace>(
  locale: Locale,
  namespace: N,
): Promise<Messages[N]> {
  const loaded = (await import(`../../messages/${locale}/${namespace}.json`)) as {
    default: Messages[N];
  };
  return loaded.default;
}

/** Loads every namespace of a locale and merges in the shared error messages. */
export async function loadMessages(locale: Locale): Promise<Messages> {
  const [
    common,
    home,
    pages,
    policy,
    policyTexts,
    faq,
    help,
    helpCenter,
    helpArticles,
    auth,
    account,
    drive,
    upload,
    preview,
    share,
    offline,
    referral,
    activity,
    apps,
    support,
    payment,
    consoleMessages,
  ] = await Promise.all([
    loadNamespace(locale, 'common'),
    loadNamespace(locale, 'home'),
    loadNamespace(locale, 'pages'),
    loadNamespace(locale, 'policy'),
    loadNamespace(locale, 'policy-texts'),
    loadNamespace(locale, 'faq'),
    loadNamespace(locale, 'help'),
    loadNamespace(locale, 'help-center'),
    loadNamespace(locale, 'help-articles'),
    loadNamespace(locale, 'auth'),
    loadNamespace(locale, 'account'),
    loadNamespace(locale, 'drive'),
    loadNamespace(locale, 'upload'),
    loadNamespace(locale, 'preview'),
    loadNamespace(locale, 'share'),
    loadNamespace(locale, 'offline'),
    loadNamespace(locale, 'referral'),
    loadNamespace(locale, 'activity'),
    loadNamespace(locale, 'apps'),
    loadNamespace(locale, 'support'),
    loadNamespace(locale, 'payment'),
    loadNamespace(locale, 'console'),
  ]);
  return {
    common,
    home,
    pages,
    policy,
    'policy-texts': policyTexts,
    faq,
    help,
    'help-center': helpCenter,
    'help-articles': helpArticles,
    auth,
    account,
    drive,
    upload,
    preview,
    share,
    offline,
    referral,
    activity,
    apps,
    support,
    payment,
    console: consoleMessages,
    errors: sharedMessages[locale].errors,
  };
}
