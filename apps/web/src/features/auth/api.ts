import type { ChangePasswordStepBody, LoginBody, LoginForm, LoginStepData, SignedInData, VerifyStepBody, WebConfig } from '@ps/contracts';
import { classifyIdentifier, ORG_INSTANCE_ID, PHONE_LOGIN_COUNTRY_ID } from '@ps/contracts/auth.fields';
import { apiRequest } from '../../lib/api';

/** Spec 5: the identifier's type picks the field it travels in; a phone also carries country 94. */
export function buildLoginBody(form: LoginForm, companyId: number | null): LoginBody {
  const identifier = form.identifier.trim();
  const type = classifyIdentifier(identifier);
  const body: LoginBody = { type, password: form.password, org_instance_id: ORG_INSTANCE_ID };
  if (type === 'email') body.email = identifier;
  else if (type === 'phone') {
    body.phn_nbr = identifier;
    body.country_id = PHONE_LOGIN_COUNTRY_ID;
  } else body.username = identifier;
  if (companyId !== null) body.company_id = companyId;
  return body;
}

// The sign-in steps identify the company with the Basic key, and their 401s are wrong credentials, not an
// expired session: no refresh.
const stepOptions = { method: 'POST', auth: 'basic', refreshOn401: false } as const;

/** 202 answers SignedInData; 200 answers one more step (verify, change-password). */
export function login(body: LoginBody) {
  return apiRequest<SignedInData | LoginStepData>('/auth/login', { ...stepOptions, body });
}

export function verifyStep(body: VerifyStepBody) {
  return apiRequest<SignedInData>('/auth/verify', { ...stepOptions, body });
}

export function changePasswordStep(body: ChangePasswordStepBody) {
  return apiRequest<SignedInData>('/auth/change-password', { ...stepOptions, body });
}

export function fetchWebConfig() {
  return apiRequest<WebConfig>('/web-config', { auth: 'basic', refreshOn401: false });
}

export function isSignedInData(data: SignedInData | LoginStepData): data is SignedInData {
  return data.context === 'signed-in';
}
