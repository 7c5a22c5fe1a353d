import { describe, expect, it } from 'vitest';
import { helpFeatures, helpFeaturesOn, noHelpSiteFacts, type HelpFeature } from '@nimbus/contracts';
import {
  faqQuestionFeatures,
  faqQuestionIds,
  resolveFaqHash,
  visibleFaqQuestions,
} from './faq-anchors';

describe('redirect-faq-hash', () => {
  it('scrolls to a current question', () => {
    expect(resolveFaqHash('#is-it-free')).toEqual({ kind: 'scroll', id: 'is-it-free' });
  });

  it('maps old anchors to the question that replaced them', () => {
    expect(resolveFaqHash('#vip')).toEqual({ kind: 'scroll', id: 'is-it-free' });
    expect(resolveFaqHash('#How-To-Save')).toEqual({ kind: 'scroll', id: 'save-shared-link' });
  });

  it('sends anchors that moved to the how-to page there', () => {
    expect(resolveFaqHash('#copy-link')).toEqual({ kind: 'help', id: 'copy-link' });
    expect(resolveFaqHash('#telegram-bot')).toEqual({ kind: 'help', id: 'telegram-bot' });
  });

  it('ignores empty, unknown and malformed hashes', () => {
    expect(resolveFaqHash('')).toEqual({ kind: 'none' });
    expect(resolveFaqHash('#nothing-here')).toEqual({ kind: 'none' });
    expect(resolveFaqHash('#%E0%A4%A')).toEqual({ kind: 'none' });
  });
});

describe('visibleFaqQuestions', () => {
  it('shows a question only while this server offers its feature', () => {
    const every = new Set<HelpFeature>(helpFeatures);
    expect(visibleFaqQuestions(every)).toEqual(faqQuestionIds);
    const byDefault = visibleFaqQuestions(helpFeaturesOn(noHelpSiteFacts));
    expect(byDefault).not.toContain('cancel-subscription');
    expect(byDefault).toContain('webdav');
    expect(faqQuestionIds.every((id) => helpFeatures.includes(faqQuestionFeatures[id]))).toBe(true);
  });
});
