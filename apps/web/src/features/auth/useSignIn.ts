import type { LoginStepData, SignedInData, SignInAnswerData } from '@ps/contracts';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { setCallerPermissions } from '../../lib/api';
import { homePath, storeSignIn } from '../../lib/session';
import { toastSuccess } from '../../lib/toast';
import { isSignedInData } from './api';

/** Spec 4: a 202 stores the tokens and company id, shows the success toast and goes to `/{company_id}`. */
export function useCompleteSignIn() {
  const navigate = useNavigate();
  const { t } = useTranslation();
  return useCallback(
    (data: SignedInData) => {
      storeSignIn(data);
      setCallerPermissions(data.user_data.permissions);
      toastSuccess(t('success.loggedIn'));
      void navigate({ href: homePath(), replace: true });
    },
    [navigate, t],
  );
}

/** Spec 2: a 200 goes to `/auth/{context}` with the answer's data as router state. */
export function useGoToLoginStep() {
  const navigate = useNavigate();
  return useCallback(
    (step: LoginStepData) => {
      const to = step.context === 'verify' ? '/auth/verify' : '/auth/change-password';
      void navigate({ to, state: { loginStep: step } });
    },
    [navigate],
  );
}

/** A step's answer: signed in (202), or one more step (200: after a new password, two-factor's `verify`). */
export function useFollowSignIn() {
  const completeSignIn = useCompleteSignIn();
  const goToStep = useGoToLoginStep();
  return useCallback(
    (data: SignInAnswerData) => (isSignedInData(data) ? completeSignIn(data) : goToStep(data)),
    [completeSignIn, goToStep],
  );
}

/** The step's data from router state, when it is the expected step. */
export function stepFromState(state: { loginStep?: LoginStepData }, context: LoginStepData['context']) {
  return state.loginStep?.context === context ? state.loginStep : undefined;
}
