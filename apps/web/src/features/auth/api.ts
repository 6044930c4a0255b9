import type {
  ChangePasswordStepBody,
  changePasswordStepEndpoint,
  LoginBody,
  LoginForm,
  loginEndpoint,
  SignedInData,
  SignInAnswerData,
  VerifyStepBody,
  verifyEndpoint,
  webConfigEndpoints,
} from '@ps/contracts';
import { classifyIdentifier, ORG_INSTANCE_ID, PHONE_LOGIN_COUNTRY_ID } from '@ps/contracts/auth.fields';
import { changePasswordStepRoute, loginRoute, verifyRoute } from '@ps/contracts/auth.routes';
import { publicWebConfigRoute } from '@ps/contracts/webConfig.routes';
import { callEndpoint } from '../../lib/api';

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

// The sign-in page loads no zod: it calls the steps through their zod-free routes (`auth.routes`), typed by the full
// declarations (types only). The steps identify the company with the Basic key, and their 401s are wrong
// credentials, not an expired session: no refresh.
const stepOptions = { auth: 'basic', refreshOn401: false } as const;

/** 202 answers SignedInData; 200 answers one more step (verify, change-password). */
export function login(body: LoginBody) {
  return callEndpoint<typeof loginEndpoint>(loginRoute, { ...stepOptions, body });
}

export function verifyStep(body: VerifyStepBody) {
  return callEndpoint<typeof verifyEndpoint>(verifyRoute, { ...stepOptions, body });
}

export function changePasswordStep(body: ChangePasswordStepBody) {
  return callEndpoint<typeof changePasswordStepEndpoint>(changePasswordStepRoute, { ...stepOptions, body });
}

export function fetchWebConfig() {
  return callEndpoint<typeof webConfigEndpoints.public>(publicWebConfigRoute, { auth: 'basic', refreshOn401: false });
}

export function isSignedInData(data: SignInAnswerData): data is SignedInData {
  return data.context === 'signed-in';
}
