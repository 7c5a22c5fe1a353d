'use client';

import { useTranslations } from 'next-intl';
import { FormField } from '@/components/form-field';
import { FormAlert } from '@/components/form-alert';
import { Button } from '@/components/ui/button';
import {
  requestVerification,
  resetPassword,
  signIn,
  signUp,
  verifyCode,
} from '@/lib/session/session';
import {
  CodeField,
  EmailField,
  LinkButton,
  LinkRow,
  PasswordField,
  SubmitButton,
} from './auth-fields';
import type { AuthFlow, AuthStep } from './use-auth-flow';

const formClass = 'flex flex-col gap-4';

/** What every sign-in call of the flow adds when it withdraws the account's deletion. */
function cancelOf(flow: AuthFlow): { cancel_deletion?: true } {
  return flow.cancelDeletion ? { cancel_deletion: true } : {};
}

/** The heading of each step. */
export function authStepTitle(step: AuthStep, t: ReturnType<typeof useTranslations<'auth'>>) {
  switch (step) {
    case 'sign-in':
    case 'done':
      return t('titles.sign-in');
    case 'two-factor':
      return t('titles.two-factor');
    case 'recovery':
      return t('titles.recovery');
    case 'sign-up-email':
    case 'sign-up-details':
      return t('titles.sign-up');
    case 'reset-email':
    case 'reset-code':
    case 'reset-password':
      return t('titles.reset');
  }
}

type SignInStep = Extract<AuthStep, 'sign-in' | 'two-factor' | 'recovery'>;
type CodeStep = Exclude<AuthStep, SignInStep | 'done'>;

interface StepProps<S extends AuthStep> {
  step: S;
  flow: AuthFlow;
  hydrated: boolean;
}

/** Sign-in with e-mail and password, then the two-step code or a recovery code when asked. */
function SignInSteps({ step, flow, hydrated }: StepProps<SignInStep>) {
  const t = useTranslations('auth');
  const { email, password, code, go, finish, submit } = flow;
  const link = (label: string, onClick: () => void) => (
    <LinkButton hydrated={hydrated} label={label} onClick={onClick} />
  );
  switch (step) {
    case 'two-factor':
      return (
        <form
          className={formClass}
          onSubmit={submit(async () => {
            await signIn(email, password, { two_factor_code: code, ...cancelOf(flow) });
            finish();
          })}
        >
          <CodeField
            flow={flow}
            label={t('fields.two-factor-code')}
            name="two_factor_code"
            hint={t('hints.two-factor')}
          />
          <SubmitButton flow={flow} hydrated={hydrated} label={t('actions.verify')} />
          <LinkRow>
            {link(t('actions.use-recovery'), () => go('recovery'))}
            {link(t('actions.back-to-sign-in'), () => go('sign-in'))}
          </LinkRow>
        </form>
      );
    case 'recovery':
      return (
        <form
          className={formClass}
          onSubmit={submit(async () => {
            await signIn(email, password, { recovery_code: code, ...cancelOf(flow) });
            finish();
          })}
        >
          <CodeField
            flow={flow}
            label={t('fields.recovery-code')}
            name="recovery_code"
            hint={t('hints.recovery')}
            digits={false}
          />
          <SubmitButton flow={flow} hydrated={hydrated} label={t('actions.verify')} />
          <LinkRow>
            {link(t('actions.use-app-code'), () => go('two-factor'))}
            {link(t('actions.back-to-sign-in'), () => go('sign-in'))}
          </LinkRow>
        </form>
      );
    case 'sign-in':
      return (
        <form
          className={formClass}
          onSubmit={submit(async () => {
            await signIn(email, password, cancelOf(flow));
            finish();
          })}
        >
          {flow.cancelDeletion ? (
            <p className="text-sm text-muted-foreground" data-testid="cancel-deletion-lead">
              {t('deletion.cancel-lead')}
            </p>
          ) : null}
          <EmailField flow={flow} />
          <PasswordField flow={flow} label={t('fields.password')} autoComplete="current-password" />
          <SubmitButton
            flow={flow}
            hydrated={hydrated}
            label={flow.cancelDeletion ? t('deletion.cancel') : t('actions.sign-in')}
          />
          {flow.deletionPending && !flow.cancelDeletion ? (
            <Button
              type="button"
              variant="outline"
              data-testid="cancel-deletion-sign-in"
              disabled={!hydrated || flow.busy}
              onClick={() => {
                flow.setCancelDeletion(true);
                void flow.run(async () => {
                  await signIn(email, password, { cancel_deletion: true });
                  finish();
                });
              }}
            >
              {t('deletion.cancel')}
            </Button>
          ) : null}
          <LinkRow>
            {link(t('actions.forgot-password'), () => go('reset-email'))}
            {link(t('tabs.sign-up'), () => go('sign-up-email'))}
          </LinkRow>
        </form>
      );
  }
}

/** Sign-up and password reset: a mailed code, then the new account's details or password. */
function CodeSteps({ step, flow, hydrated }: StepProps<CodeStep>) {
  const t = useTranslations('auth');
  const { email, password, name, code, go, finish, submit } = flow;
  const link = (label: string, onClick: () => void) => (
    <LinkButton hydrated={hydrated} label={label} onClick={onClick} />
  );
  switch (step) {
    case 'sign-up-details':
      return (
        <form
          className={formClass}
          onSubmit={submit(async () => {
            const token = await verifyCode(flow.verificationId, code);
            await signUp({ email, password, name, verificationToken: token });
            finish();
          })}
        >
          <CodeField
            flow={flow}
            label={t('fields.code')}
            name="verification_code"
            hint={t('hints.code-sent', { email })}
          />
          <FormField
            label={t('fields.name')}
            name="name"
            autoComplete="name"
            maxLength={64}
            value={name}
            onChange={(event) => flow.setName(event.target.value)}
          />
          <PasswordField
            flow={flow}
            label={t('fields.password')}
            autoComplete="new-password"
            hint={t('hints.password')}
          />
          <SubmitButton flow={flow} hydrated={hydrated} label={t('actions.create-account')} />
          <LinkRow>
            {link(t('actions.resend-code'), () => go('sign-up-email'))}
            {link(t('actions.back-to-sign-in'), () => go('sign-in'))}
          </LinkRow>
        </form>
      );
    case 'reset-code':
      return (
        <form
          className={formClass}
          onSubmit={submit(async () => {
            flow.setVerificationToken(await verifyCode(flow.verificationId, code));
            go('reset-password');
          })}
        >
          <CodeField
            flow={flow}
            label={t('fields.code')}
            name="verification_code"
            hint={t('hints.reset-code-sent', { email })}
          />
          <SubmitButton flow={flow} hydrated={hydrated} label={t('actions.continue')} />
          <LinkRow>
            {link(t('actions.resend-code'), () => go('reset-email'))}
            {link(t('actions.back-to-sign-in'), () => go('sign-in'))}
          </LinkRow>
        </form>
      );
    case 'reset-password':
      return (
        <form
          className={formClass}
          onSubmit={submit(async () => {
            await resetPassword({ email, password, verificationToken: flow.verificationToken });
            flow.setPassword('');
            go('sign-in');
            flow.setNotice(t('messages.reset-done'));
          })}
        >
          <PasswordField
            flow={flow}
            label={t('fields.new-password')}
            autoComplete="new-password"
            hint={t('hints.password')}
          />
          <SubmitButton flow={flow} hydrated={hydrated} label={t('actions.set-password')} />
        </form>
      );
    case 'sign-up-email':
    case 'reset-email': {
      const usage = step === 'sign-up-email' ? 'REGISTER' : 'PASSWORD_RESET';
      return (
        <form
          className={formClass}
          onSubmit={submit(async () => {
            flow.setVerificationId(await requestVerification(email, usage, flow.locale));
            go(usage === 'REGISTER' ? 'sign-up-details' : 'reset-code');
          })}
        >
          <EmailField flow={flow} />
          <SubmitButton flow={flow} hydrated={hydrated} label={t('actions.send-code')} />
          {link(t('actions.back-to-sign-in'), () => go('sign-in'))}
        </form>
      );
    }
  }
}

/** The form of the flow's step. */
export function AuthStepForm({ flow, hydrated }: { flow: AuthFlow; hydrated: boolean }) {
  const t = useTranslations('auth');
  const step = flow.step;
  switch (step) {
    case 'sign-in':
    case 'two-factor':
    case 'recovery':
      return <SignInSteps step={step} flow={flow} hydrated={hydrated} />;
    case 'done':
      return <FormAlert tone="success">{t('messages.signed-in')}</FormAlert>;
    case 'sign-up-email':
    case 'sign-up-details':
    case 'reset-email':
    case 'reset-code':
    case 'reset-password':
      return <CodeSteps step={step} flow={flow} hydrated={hydrated} />;
  }
}
