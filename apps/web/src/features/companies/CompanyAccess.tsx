import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Company } from '@ps/contracts';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyField } from '../../components/CopyField';

/**
 * The sign-in page of this site: a company's admins sign in here (identifiers are unique in the organisation, so the
 * page needs nothing of the company to find them; docs/decisions.md, "A new company knows what to do first").
 */
export const signInPageUrl = () => `${window.location.origin}/auth/login`;

/** What a company's sign-in page and public site send (`Authorization: Basic ...`), as `<meta name="ps-client-key">` holds it. */
export const basicKeyOf = (company: Pick<Company, 'id' | 'client_key'>) => btoa(`${company.id}:${company.client_key}`);

/** The company's sign-in page and client keys, each to copy (the add page's answer and the edit page). */
export function CompanyAccessFields({ company }: { company: Pick<Company, 'id' | 'client_key'> }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <CopyField
        label={t('companies.access.signInPage')}
        description={t('companies.access.signInPageHint')}
        value={signInPageUrl()}
        testId="sign-in-page"
      />
      <CopyField
        label={t('companies.fields.client_key')}
        description={t('companies.form.clientKeyHint')}
        value={company.client_key}
        testId="client-key"
      />
      <CopyField
        label={t('companies.access.basicKey')}
        description={t('companies.access.basicKeyHint')}
        value={basicKeyOf(company)}
        testId="basic-key"
      />
    </Stack>
  );
}

/**
 * What the super admin hands on once a company is made: where its first admin signs in and with which e-mail, and the
 * company's client key for its own sign-in page or public site. The temporary password was typed by the super admin and
 * is never shown again.
 */
export function CompanyCreated({ company, adminEmail, onAddAnother }: { company: Company; adminEmail: string; onAddAnother: () => void }) {
  const { t } = useTranslation();
  // The form that had the focus is gone: the result's heading takes it, so it is read out and the keys follow it.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Paper
      component="section"
      p={{ base: 'md', sm: 'lg' }}
      radius="md"
      withBorder
      aria-labelledby="company-created-title"
      data-testid="company-created"
    >
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h3" id="company-created-title" ref={heading} tabIndex={-1}>
            {t('companies.access.createdTitle', { name: company.name })}
          </Title>
          <Text size="sm">{t('companies.access.createdHint')}</Text>
        </Stack>
        <CopyField label={t('companies.fields.admin_email')} value={adminEmail} testId="admin-email" />
        <CompanyAccessFields company={company} />
        <Group gap="sm">
          <Button component={Link} to={`/org/companies/${company.id}/edit`} variant="default" size="md">
            {t('companies.access.edit', { name: company.name })}
          </Button>
          <Button variant="default" size="md" onClick={onAddAnother}>
            {t('companies.access.addAnother')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
