import { Badge, List, Text } from '@mantine/core';
import type { Driver } from '@ps/contracts';
import { useTranslation } from 'react-i18next';
import { useReasonText } from '../../lib/eligibility';

export { useReasonText };

/** "Can take trips" in green, or "No trips" in red with the reasons listed where there is room. */
export function EligibilityBadge({ driver }: { driver: Driver }) {
  const { t } = useTranslation();
  return driver.eligibility.eligible ? (
    <Badge color="green.9" variant="dot" size="lg" tt="none" miw="max-content">
      {t('drivers.eligible')}
    </Badge>
  ) : (
    <Badge color="red.9" variant="dot" size="lg" tt="none" miw="max-content">
      {t('drivers.notEligible')}
    </Badge>
  );
}

export function EligibilityReasons({ driver, size = 'sm' }: { driver: Driver; size?: 'xs' | 'sm' }) {
  const { t } = useTranslation();
  const reasonText = useReasonText();
  if (driver.eligibility.eligible) {
    return <Text size={size}>{t('drivers.eligibleHint')}</Text>;
  }
  return (
    <List size={size} spacing={2}>
      {driver.eligibility.reasons.map((reason) => (
        <List.Item key={`${reason.code}-${reason.document_type_id ?? ''}`}>{reasonText(reason)}</List.Item>
      ))}
    </List>
  );
}
