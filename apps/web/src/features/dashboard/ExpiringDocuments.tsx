import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { driverDocumentEndpoints } from '@ps/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { callEndpoint } from '../../lib/api';
import { formatDay } from '../../lib/format';
import { dashboardKeys } from './api';

/** The window the dashboard looks ahead for expiring documents (issue 8: "within 30 days"). */
const EXPIRY_WINDOW_DAYS = 30;

/**
 * Drivers whose documents or licence expire within 30 days, soonest first: whom to chase before they are taken
 * off trips. Shown to those who may see drivers.
 */
export function ExpiringDocuments({ companyId, timeZone }: { companyId: string; timeZone: string | undefined }) {
  const { t } = useTranslation();
  const expiring = useQuery({
    queryKey: [...dashboardKeys.all, 'expiring-documents', timeZone],
    queryFn: async ({ signal }) =>
      (
        await callEndpoint(driverDocumentEndpoints.expiring, {
          query: { days: EXPIRY_WINDOW_DAYS, time_zone: timeZone },
          signal,
        })
      ).data,
  });
  const rows = expiring.data;
  return (
    <Stack gap="sm" component="section" aria-labelledby="expiring-title" data-testid="expiring-documents">
      <Title order={2} size="h3" id="expiring-title">
        {t('dashboard.expiring.title', { days: EXPIRY_WINDOW_DAYS })}
      </Title>
      {expiring.isError ? <Text c="red.8">{t('dashboard.expiring.loadError')}</Text> : null}
      {rows && rows.length === 0 ? <Text c="dimmed">{t('dashboard.expiring.none', { days: EXPIRY_WINDOW_DAYS })}</Text> : null}
      {rows && rows.length > 0 ? (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {rows.map((row) => (
            <Paper
              key={`${row.driver_id}-${row.kind}-${row.document_type_id ?? 0}`}
              component="li"
              withBorder
              radius="md"
              p="sm"
              data-testid="expiring-row"
            >
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Stack gap={0}>
                  <Anchor component={Link} to={`/${companyId}/drivers/${row.driver_id}`} fw={700}>
                    {row.driver_name}
                  </Anchor>
                  <Text size="sm">
                    {row.kind === 'licence' ? t('dashboard.expiring.licence') : row.document_type_name}
                    {row.required ? ` · ${t('dashboard.expiring.required')}` : ''}
                  </Text>
                </Stack>
                <Stack gap={2} align="flex-end">
                  <Badge
                    // The dot variant keeps the text in the body colour: readable on every background (WCAG contrast).
                    variant="dot"
                    color={row.days_left <= 7 ? 'red' : 'orange'}
                    tt="none"
                    size="lg"
                    miw="max-content"
                  >
                    {row.days_left === 0 ? t('dashboard.expiring.today') : t('dashboard.expiring.inDays', { count: row.days_left })}
                  </Badge>
                  <Text size="sm" c="dimmed">
                    {t('dashboard.expiring.on', { day: formatDay(row.expiry_date) })}
                  </Text>
                </Stack>
              </Group>
            </Paper>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
