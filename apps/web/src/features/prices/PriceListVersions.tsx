import { Alert, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import type { PriceListChange, PriceListVersion } from '@ps/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VersionCard } from '../../components/VersionCard';
import { ApiError } from '../../lib/api';
import { useCan } from '../../lib/currentUser';
import { formatDateTime, useMoney } from '../../lib/format';
import { toastSuccess } from '../../lib/toast';
import { type PriceListRouteKey, useMonths, usePriceListRestorePreview, usePriceListVersions, useRestorePriceList } from './api';

const errorText = (error: unknown, fallback: string) => (error instanceof ApiError ? error.message : fallback);

/** "Short stay, March: £10.00 → £12.00" in the user's language; no price is "—" (the default applies). */
function useChangeText() {
  const { t } = useTranslation();
  const money = useMoney();
  const months = useMonths();
  const price = (value: number | null) => (value === null ? t('prices.versions.noPrice') : money.format(value));
  return (change: PriceListChange) => {
    const month = change.month === null ? t('prices.grid.everyMonth') : (months[change.month - 1]?.name ?? String(change.month));
    return t('prices.versions.change', { band: change.band_name, month, from: price(change.from), to: price(change.to) });
  };
}

/**
 * A route's price list, version by version (issue 9, section 5): each save that changed its own prices, with
 * who, when and what it changed; "Restore this version" asks first, showing each price now -> restored.
 */
export function PriceListVersions({ route, routeName, disabled }: { route: PriceListRouteKey; routeName: string; disabled: boolean }) {
  const { t } = useTranslation();
  const can = useCan();
  const versions = usePriceListVersions(route);
  const changeText = useChangeText();
  const [restoring, setRestoring] = useState<PriceListVersion | null>(null);
  const entries = versions.data ?? [];

  return (
    <Paper component="section" withBorder radius="md" p={{ base: 'sm', sm: 'md' }} aria-labelledby="price-list-versions">
      <Title order={2} size="h3" id="price-list-versions" mb="xs">
        {t('prices.versions.title', { route: routeName })}
      </Title>
      {entries.length === 0 ? (
        <Text c="dimmed">{versions.isLoading ? t('app.loading') : t('prices.versions.none')}</Text>
      ) : (
        <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} data-testid="price-list-versions">
          {entries.map((version) => (
            <VersionCard
              key={version.audit_id}
              testId="price-list-version"
              title={
                version.restored_from === null
                  ? t('prices.versions.saved', { when: formatDateTime(version.created_at) })
                  : t('prices.versions.restoredOn', { when: formatDateTime(version.created_at) })
              }
              currentLabel={version.is_current ? t('prices.versions.current') : null}
              restore={
                can('location_prices.update') && !version.is_current
                  ? {
                      label: t('prices.versions.restore'),
                      ariaLabel: t('prices.versions.restoreNamed', { when: formatDateTime(version.created_at) }),
                      onClick: () => setRestoring(version),
                      disabled,
                      disabledReason: t('prices.copy.saveFirst'),
                    }
                  : null
              }
            >
              <Text size="sm" c="dimmed">
                {version.actor_name ?? t('prices.versions.system')}
              </Text>
              {version.changes.map((change) => (
                <Text size="sm" key={`${change.band_id}:${change.month ?? 'every'}`}>
                  {changeText(change)}
                </Text>
              ))}
            </VersionCard>
          ))}
        </Stack>
      )}
      {restoring ? <RestoreDialog route={route} version={restoring} onClose={() => setRestoring(null)} /> : null}
    </Paper>
  );
}

function RestoreDialog({ route, version, onClose }: { route: PriceListRouteKey; version: PriceListVersion; onClose: () => void }) {
  const { t } = useTranslation();
  const preview = usePriceListRestorePreview(route, version.audit_id);
  const restore = useRestorePriceList();
  const changeText = useChangeText();

  const confirm = () =>
    restore.mutate(
      { ...route, audit_id: version.audit_id },
      {
        onSuccess: (result) => {
          toastSuccess(t('prices.versions.restored', { created: result.created, updated: result.updated, removed: result.removed }));
          onClose();
        },
      },
    );

  return (
    <Modal
      opened
      onClose={restore.isPending ? () => undefined : onClose}
      title={t('prices.versions.confirmTitle', { when: formatDateTime(version.created_at) })}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
      styles={{ title: { fontWeight: 700 } }}
    >
      <Stack gap="md">
        {preview.isLoading ? <Text>{t('app.loading')}</Text> : null}
        {preview.isError ? (
          <Alert color="red.9" variant="light" role="alert" title={t('prices.versions.cannot')}>
            {errorText(preview.error, t('app.errors.unexpected'))}
          </Alert>
        ) : null}
        {preview.data ? (
          <>
            <Text>{t('prices.versions.confirmBody')}</Text>
            <Stack component="ul" gap={4} m={0} pl="md" data-testid="restore-prices">
              {preview.data.changes.map((change) => (
                <Text component="li" key={`${change.band_id}:${change.month ?? 'every'}`}>
                  {changeText(change)}
                </Text>
              ))}
            </Stack>
          </>
        ) : null}
        {restore.isError ? (
          <Alert color="red.9" variant="light" role="alert" title={t('prices.versions.cannot')}>
            {errorText(restore.error, t('app.errors.unexpected'))}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={restore.isPending} className="ps-primary-action">
            {t('common.cancel')}
          </Button>
          {preview.data ? (
            <Button onClick={confirm} loading={restore.isPending} className="ps-primary-action" data-autofocus>
              {t('prices.versions.restore')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Modal>
  );
}
