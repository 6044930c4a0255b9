import { Button } from '@mantine/core';
import type { Driver } from '@ps/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { IconLogout } from '../../components/icons';
import { toastSuccess } from '../../lib/toast';
import { useEndDriverSessions } from './api';

/**
 * "Sign out everywhere": every open session of the driver ends at once (a lost phone, a shared device) while
 * their sign-in stays allowed, unlike turning sign-in off. Asked first; the toast says how many ended.
 */
export function EndSessionsButton({ driver, name }: { driver: Driver; name: string }) {
  const { t } = useTranslation();
  const end = useEndDriverSessions(driver);
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button
        variant="default"
        size="xs"
        leftSection={<IconLogout size={16} aria-hidden />}
        onClick={() => setAsking(true)}
        w="fit-content"
      >
        {t('drivers.endSessions.button')}
      </Button>
      <ConfirmDialog
        opened={asking}
        title={t('drivers.endSessions.title')}
        body={t('drivers.endSessions.body', { name })}
        confirmLabel={t('drivers.endSessions.confirm')}
        busy={end.isPending}
        onConfirm={() =>
          end.mutate(undefined, {
            onSuccess: ({ ended }) => {
              toastSuccess(t('drivers.endSessions.done', { name, count: ended }));
              setAsking(false);
            },
            onError: () => setAsking(false),
          })
        }
        onClose={() => setAsking(false)}
      />
    </>
  );
}
