import { Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import {
  type CompanyDetails,
  MAX_PERSONAL_DATA_RETENTION_DAYS,
  MIN_PERSONAL_DATA_RETENTION_DAYS,
  personalDataSettingsSchema,
} from '@ps/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Section } from '../../components/Section';
import { useFormToasts } from '../../lib/forms';
import { translateMessage } from '../../lib/i18n';
import { useUpdateCompanyDetails } from './api';

/**
 * How long a customer's personal data is kept on a closed booking after its stay ended (issue 23, section 4): what the
 * customer data screen may erase, and when the retention job deletes the handover photos and signatures by itself.
 */
export function PersonalDataSection({ details }: { details: CompanyDetails }) {
  const { t } = useTranslation();
  const toasts = useFormToasts();
  const update = useUpdateCompanyDetails();
  const [days, setDays] = useState<number | ''>(details.personal_data_retention_days);
  // The server's own rule: whole days within the bounds.
  const check = personalDataSettingsSchema.safeParse({ personal_data_retention_days: days === '' ? undefined : days });
  const error = check.success ? undefined : translateMessage(check.error.issues[0]?.message);

  const save = async () => {
    if (!check.success) return;
    try {
      const saved = await update.mutateAsync(check.data);
      setDays(saved.personal_data_retention_days);
      toasts.success(t('settings.personalData.saved'));
    } catch (failure) {
      toasts.error(failure);
    }
  };

  return (
    <Section id="settings-personal-data" title={t('settings.personalData.title')}>
      <Stack gap="md">
        <Text size="sm">{t('settings.personalData.intro')}</Text>
        <NumberInput
          label={t('settings.personalData.retentionDays')}
          description={t('settings.personalData.retentionDaysHint', {
            min: MIN_PERSONAL_DATA_RETENTION_DAYS,
            max: MAX_PERSONAL_DATA_RETENTION_DAYS,
          })}
          value={days}
          onChange={(value) => setDays(typeof value === 'number' ? value : '')}
          min={MIN_PERSONAL_DATA_RETENTION_DAYS}
          max={MAX_PERSONAL_DATA_RETENTION_DAYS}
          allowDecimal={false}
          allowNegative={false}
          required
          maw={360}
          error={error}
        />
        <Group justify="flex-end">
          <Button
            onClick={() => void save()}
            loading={update.isPending}
            disabled={days === details.personal_data_retention_days}
            className="ps-primary-action"
          >
            {t('settings.personalData.save')}
          </Button>
        </Group>
      </Stack>
    </Section>
  );
}
