import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { AccountSession } from '@ps/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { IconLogout } from '../../components/icons';
import { useSignOut } from '../../lib/currentUser';
import { formatDateTime } from '../../lib/format';
import { toastSuccess } from '../../lib/toast';
import { AccountSection } from './AccountSection';
import { useEndSessions, useOwnSessions } from './api';

/**
 * Where the user is signed in (issue 9, section 3): each open session with its browser and system, address,
 * when it started and was last renewed; any other one can be signed out, all others at once, or this one (which
 * is signing out here).
 */
export function SessionsSection() {
  const { t } = useTranslation();
  const sessions = useOwnSessions();
  const end = useEndSessions();
  const { signOut, busy: signingOut } = useSignOut();
  const [confirmAll, setConfirmAll] = useState(false);
  const others = (sessions.data ?? []).filter((session) => !session.current);

  const device = (session: AccountSession) =>
    t('account.sessions.device', {
      browser: session.browser ?? t('account.sessions.unknownBrowser'),
      os: session.os ?? t('account.sessions.unknownSystem'),
    });
  const endOne = (session: AccountSession) =>
    end.mutate([session.id], { onSuccess: () => toastSuccess(t('account.sessions.ended', { device: device(session) })) });
  const endOthers = () =>
    end.mutate(
      others.map((session) => session.id),
      {
        onSuccess: (count) => {
          toastSuccess(t('account.sessions.endedOthers', { count }));
          setConfirmAll(false);
        },
        onError: () => setConfirmAll(false),
      },
    );

  return (
    <AccountSection
      id="account-sessions"
      title={t('account.sessions.title')}
      aside={
        others.length > 0 ? (
          <Button
            variant="default"
            leftSection={<IconLogout size={18} aria-hidden />}
            onClick={() => setConfirmAll(true)}
            disabled={end.isPending}
          >
            {t('account.sessions.endOthers')}
          </Button>
        ) : undefined
      }
    >
      <Text>{t('account.sessions.intro')}</Text>
      {sessions.isError && !sessions.data ? (
        <Text c="red.8">{t('account.sessions.loadError')}</Text>
      ) : !sessions.data ? (
        <Text c="dimmed">{t('app.loading')}</Text>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-busy={sessions.isFetching}>
          {sessions.data.map((session) => (
            <Paper
              component="li"
              key={session.id}
              withBorder
              radius="md"
              p="sm"
              data-testid="account-session"
              data-current={session.current}
            >
              <Group justify="space-between" align="flex-start" gap="sm">
                <Stack gap={2} miw={0} style={{ flex: '1 1 240px' }}>
                  <Group gap="xs">
                    <Text fw={700}>{device(session)}</Text>
                    {session.current ? (
                      <Badge variant="dot" color="green.9" tt="none" size="lg">
                        {t('account.sessions.current')}
                      </Badge>
                    ) : null}
                  </Group>
                  <Text size="sm">{t('account.sessions.address', { address: session.ip })}</Text>
                  <Text size="sm">
                    {t('account.sessions.times', {
                      started: formatDateTime(session.created_at),
                      used: formatDateTime(session.last_used_at),
                    })}
                  </Text>
                </Stack>
                {session.current ? (
                  <Button variant="default" onClick={() => void signOut()} loading={signingOut}>
                    {t('account.sessions.signOutHere')}
                  </Button>
                ) : (
                  <Button
                    variant="outline"
                    color="red.8"
                    onClick={() => endOne(session)}
                    loading={end.isPending && end.variables?.length === 1 && end.variables[0] === session.id}
                    disabled={end.isPending}
                    aria-label={t('account.sessions.endNamed', { device: device(session), address: session.ip })}
                  >
                    {t('account.sessions.end')}
                  </Button>
                )}
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      <ConfirmDialog
        opened={confirmAll}
        title={t('account.sessions.endOthersTitle')}
        body={t('account.sessions.endOthersBody', { count: others.length })}
        confirmLabel={t('account.sessions.endOthers')}
        tone="danger"
        busy={end.isPending}
        onConfirm={endOthers}
        onClose={() => setConfirmAll(false)}
      />
    </AccountSection>
  );
}
