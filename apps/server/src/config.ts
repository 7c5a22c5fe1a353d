import path from 'node:path';
import { z } from 'zod';
import { serverSettings } from './settings/server';
import { identitySettings } from './settings/identity';
import { feedbackSettings } from './settings/feedback';
import { storageSettings } from './settings/storage';
import { membershipSettings } from './settings/membership';
import { paymentSettings } from './settings/payments';
import { fileSettings } from './settings/files';
import { videoSettings } from './settings/video';
import { advisedSecretLength } from './lib/oauth-client-schema';

/** The settings by topic, in the order of the configuration reference (docs/configuration.md). */
export const configGroups = [
  { title: 'Server, database and network', settings: serverSettings },
  { title: 'Accounts, sign-in and the captcha shield', settings: identitySettings },
  { title: 'Feedback and analytics', settings: feedbackSettings },
  { title: 'Blob storage', settings: storageSettings },
  { title: 'Plans, memberships and the shop', settings: membershipSettings },
  { title: 'Payments', settings: paymentSettings },
  { title: 'Uploads, downloads, shares and offline downloads', settings: fileSettings },
  { title: 'Video playback', settings: videoSettings },
] as const;

/**
 * Every setting of the server, read once from the environment at boot. Each variable is described
 * in its schema under settings/; docs/configuration.md is generated from them (`npm run docs:config`).
 */
export const configSchema = z
  .object({
    ...serverSettings,
    ...identitySettings,
    ...feedbackSettings,
    ...storageSettings,
    ...membershipSettings,
    ...paymentSettings,
    ...fileSettings,
    ...videoSettings,
  })
  .superRefine((config, context) => {
    if ((config.STRIPE_SECRET_KEY === undefined) !== (config.STRIPE_WEBHOOK_SECRET === undefined)) {
      context.addIssue({
        code: 'custom',
        path: ['STRIPE_WEBHOOK_SECRET'],
        message: 'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together',
      });
    }
    if (config.BLOB_STORE === 's3' && config.S3_BUCKET === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['S3_BUCKET'],
        message: 'is required with BLOB_STORE=s3',
      });
    }
    if ((config.S3_ACCESS_KEY_ID === undefined) !== (config.S3_SECRET_ACCESS_KEY === undefined)) {
      context.addIssue({
        code: 'custom',
        path: ['S3_SECRET_ACCESS_KEY'],
        message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
      });
    }
    for (const clientId of Object.keys(config.OAUTH_CLIENTS)) {
      if (!config.AUTH_CLIENTS.includes(clientId)) {
        context.addIssue({
          code: 'custom',
          path: ['OAUTH_CLIENTS'],
          message: `client ${clientId} is not in AUTH_CLIENTS`,
        });
      }
    }
    for (const clientId of Object.keys(config.SHIELD_CLIENT_SALTS)) {
      if (!config.AUTH_CLIENTS.includes(clientId)) {
        context.addIssue({
          code: 'custom',
          path: ['SHIELD_CLIENT_SALTS'],
          message: `client ${clientId} is not in AUTH_CLIENTS`,
        });
      }
    }
  })
  .transform((config) => {
    const publicUrl = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
    return {
      ...config,
      DATA_DIR: path.resolve(config.DATA_DIR),
      PUBLIC_URL: publicUrl,
      CONTENT_ORIGIN: config.CONTENT_ORIGIN ?? publicUrl,
      MAIL_FROM: config.MAIL_FROM ?? `Nimbus <no-reply@${new URL(publicUrl).hostname}>`,
      ALLOWED_ORIGINS: [...new Set([publicUrl, ...config.ALLOWED_ORIGINS])],
    };
  });

export type Config = z.infer<typeof configSchema>;

/** Thrown at boot when the environment does not describe a valid configuration. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment once; fails fast with a readable list of every problem. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const relevant = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = configSchema.safeParse(relevant);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map(
        (issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`,
      ),
    );
  }
  return result.data;
}

/**
 * What the configuration takes but advises against, for the log at boot: a confidential OAuth
 * client's secret shorter than 32 characters (kept so an existing client's secret keeps working).
 */
export function configWarnings(config: Pick<Config, 'OAUTH_CLIENTS'>): string[] {
  return Object.entries(config.OAUTH_CLIENTS).flatMap(([clientId, client]) =>
    client.secret !== undefined && client.secret.length < advisedSecretLength
      ? [
          `OAUTH_CLIENTS: the secret of ${clientId} has ${client.secret.length} characters; ${advisedSecretLength} or more are advised`,
        ]
      : [],
  );
}
