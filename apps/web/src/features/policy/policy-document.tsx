import type { ReactNode } from 'react';
import type { Locale } from '@nimbus/contracts';
import { getTranslations } from 'next-intl/server';
import { loadPolicyFacts } from './load-policy-facts';
import { policyBlocksOf } from './policy-blocks';
import type { PolicyDoc } from './policy-docs';
import { currentVersions, versionDate } from './policy-docs';
import type { PolicyArguments, PolicyFacts, PolicyTranslator } from './policy-facts';
import { policyArgumentsOf } from './policy-facts';
import { StorageTable } from './storage-table';

/*
 * A policy document's full text, rendered on the server from the `policy-texts` messages with the
 * operator's details and the configured periods: no script of its own (the copyright policy's
 * route adds its takedown form as `children`).
 */

/** The texts' translator and the arguments every text is formatted with. */
export async function policyTextsOf(locale: Locale): Promise<{
  t: PolicyTranslator;
  raw: (key: string) => unknown;
  args: PolicyArguments;
  facts: PolicyFacts;
}> {
  const [translations, facts] = await Promise.all([
    getTranslations({ locale, namespace: 'policy-texts' }),
    loadPolicyFacts(locale),
  ]);
  const t = translations as unknown as PolicyTranslator;
  const raw = (key: string) => (translations.raw as (key: string) => unknown)(key);
  const args = policyArgumentsOf(facts, {
    name: translations('not-set.name'),
    address: translations('not-set.address'),
    email: translations('not-set.email'),
    jurisdiction: translations('not-set.jurisdiction'),
  });
  return { t, raw, args, facts };
}

/** A formatted text as its paragraphs and lists. */
export function PolicyBlocks({ text }: { text: string }) {
  return (
    <>
      {policyBlocksOf(text).map((block, index) =>
        block.kind === 'paragraph' ? (
          <p key={index}>{block.text}</p>
        ) : (
          <ul key={index} className="list-disc space-y-1 ps-6">
            {block.items.map((item, itemIndex) => (
              <li key={itemIndex}>{item}</li>
            ))}
          </ul>
        ),
      )}
    </>
  );
}

function OperatorDetails({
  t,
  facts,
  args,
}: {
  t: PolicyTranslator;
  facts: PolicyFacts;
  args: PolicyArguments;
}) {
  const rows = [
    ['name', facts.operator.name, args.operatorName],
    ['address', facts.operator.address, args.operatorAddress],
    ['email', facts.operator.email, args.operatorEmail],
    ['jurisdiction', facts.operator.jurisdiction, args.jurisdiction],
  ] as const;
  return (
    <section
      aria-labelledby="policy-operator"
      data-testid="policy-operator"
      className="rounded-xl border border-border p-4"
    >
      <h2 id="policy-operator" className="text-base font-semibold">
        {t('operator.title')}
      </h2>
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        {rows.map(([key, value, shown]) => (
          <div key={key} className="contents">
            <dt className="text-muted-foreground">{t(`operator.${key}`)}</dt>
            <dd className={value === undefined ? 'text-muted-foreground italic' : 'break-words'}>
              {key === 'email' && value !== undefined ? (
                <a href={`mailto:${value}`} className="text-primary hover:underline">
                  {value}
                </a>
              ) : (
                shown
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * The current text of a document: when it took effect, who runs the site, its sections, then
 * `children`.
 */
export async function PolicyDocument({
  locale,
  doc,
  children,
}: {
  locale: Locale;
  doc: PolicyDoc;
  children?: ReactNode;
}) {
  const { t, raw, args, facts } = await policyTextsOf(locale);
  const sections = Object.keys(raw(`docs.${doc}`) as Record<string, unknown>);
  return (
    <article data-testid="policy-text" className="grid gap-6 leading-relaxed">
      <p className="text-sm text-muted-foreground">
        {t('in-effect', { date: versionDate(currentVersions[doc]) })}
      </p>
      <OperatorDetails t={t} facts={facts} args={args} />
      {sections.map((section) => (
        <section
          key={section}
          id={section}
          aria-labelledby={`${section}-title`}
          className="grid gap-3"
        >
          <h2 id={`${section}-title`} className="text-xl font-semibold">
            {t(`docs.${doc}.${section}.title`, args)}
          </h2>
          <PolicyBlocks text={t(`docs.${doc}.${section}.body`, args)} />
          {doc === 'privacy-policy' && section === 'cookies' ? (
            <StorageTable t={t} args={args} />
          ) : null}
        </section>
      ))}
      {children}
    </article>
  );
}
