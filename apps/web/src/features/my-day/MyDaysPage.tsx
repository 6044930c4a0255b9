import { Alert, Badge, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { Attendance, Payout } from '@ps/contracts';
import { browserTimeZone, dayIn } from '@ps/contracts/common/zonedTime';
import { getRouteApi, Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconArrowLeft } from '../../components/icons';
import { useCurrentUser } from '../../lib/currentUser';
import { formatDate, formatDay, formatDayRange, formatDuration, formatNumber, formatTime, useMoney } from '../../lib/format';
import { usePageTitle } from '../../lib/pageTitle';
import { useMyPayouts, useRecentDays } from './api';
import { addDays } from './trip';

const route = getRouteApi('/$companyId/my-day/days');

/** How far back "My days" reaches. */
const DAYS_BACK = 30;

function Loading() {
  const { t } = useTranslation();
  return (
    <Center py="md" role="status">
      <Loader size="sm" aria-label={t('app.loading')} />
    </Center>
  );
}

/** A titled part of the screen. */
function Part({ id, title, intro, children }: { id: string; title: string; intro: string; children: ReactNode }) {
  return (
    <Stack component="section" gap="xs" aria-labelledby={id}>
      <Title order={2} size="h4" id={id}>
        {title}
      </Title>
      <Text size="sm" c="dimmed">
        {intro}
      </Text>
      {children}
    </Stack>
  );
}

function DayRow({ day, zone }: { day: Attendance; zone: string }) {
  const { t } = useTranslation();
  const times =
    day.attendance_status === 'absent'
      ? t('myDay.more.absent')
      : day.attendance_status === 'leave'
        ? t('myDay.more.leave')
        : day.start_at && day.end_at
          ? t('myDay.more.worked', {
              from: formatTime(day.start_at, zone),
              to: formatTime(day.end_at, zone),
              duration: formatDuration(day.worked_minutes),
            })
          : day.start_at
            ? t('myDay.more.open', { time: formatTime(day.start_at, zone) })
            : t('myDay.more.noTimes');
  return (
    <Paper withBorder radius="md" p="sm" data-testid="my-days-day">
      <Group justify="space-between" align="flex-start" gap="xs">
        <Stack gap={2} className="ps-wrap" style={{ flex: '1 1 12rem' }}>
          <Text fw={600}>{formatDay(day.day, 'full')}</Text>
          <Text size="sm">{times}</Text>
        </Stack>
        {day.attendance_status === 'present' ? (
          <Badge variant="light" color={day.paid_status === 'paid' ? 'green.9' : 'gray'} tt="none" maw="100%">
            {day.paid_status === 'paid' ? t('myDay.more.paid') : t('myDay.more.unpaid')}
          </Badge>
        ) : null}
      </Group>
    </Paper>
  );
}

function PayoutRow({ payout, format }: { payout: Payout; format: (minor: number) => string }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="sm" data-testid="my-days-payout">
      <Group justify="space-between" align="flex-start" gap="xs">
        <Stack gap={2} className="ps-wrap" style={{ flex: '1 1 12rem' }}>
          <Text fw={600}>{formatDayRange(payout.period_start, payout.period_end)}</Text>
          <Text size="sm">
            {[t('myDay.more.hours', { hours: formatNumber(payout.hours, 2) }), t('myDay.more.trips', { count: payout.trip_count })].join(
              ' · ',
            )}
          </Text>
          {payout.approved_at ? (
            <Text size="xs" c="dimmed">
              {t('myDay.more.approved', { date: formatDate(payout.approved_at) })}
            </Text>
          ) : null}
        </Stack>
        <Stack gap={0} align="flex-end">
          <Text size="xs" c="dimmed">
            {t('myDay.more.total')}
          </Text>
          <Text fw={700} fz="lg">
            {format(payout.total)}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}

/**
 * A driver's own days and pay (issue 22, section 3), read only: their attendance of the last 30 days and their approved
 * payouts. Opened from My day. Another user has no days of their own here: each driver's are on their page.
 */
export function MyDaysPage() {
  const { t } = useTranslation();
  usePageTitle(t('myDay.more.title'));
  const { companyId } = route.useParams();
  const user = useCurrentUser();
  const me = user.data;
  const isDriver = me?.role === 'driver';
  const zone = me?.company_time_zone ?? browserTimeZone();
  const today = dayIn(zone);
  const days = useRecentDays(isDriver ? me?.id : undefined, addDays(today, -DAYS_BACK), today);
  const pay = useMyPayouts(me?.id, isDriver && (me?.permissions.includes('payouts.own') ?? false));
  const money = useMoney();

  return (
    <Stack gap="lg" maw={720} w="100%">
      <Button
        component={Link}
        to="/$companyId/my-day"
        params={{ companyId } as never}
        variant="subtle"
        size="md"
        px={4}
        className="ps-myday-tap ps-myday-start"
        leftSection={<IconArrowLeft size={18} aria-hidden />}
        w="fit-content"
      >
        {t('myDay.more.back')}
      </Button>
      <Title order={1} size="h2">
        {t('myDay.more.title')}
      </Title>
      {!me ? (
        <Loading />
      ) : !isDriver ? (
        <Alert color="blue" variant="light">
          {t('myDay.more.notDriver')}
        </Alert>
      ) : (
        <>
          <Part id="my-days" title={t('myDay.more.days')} intro={t('myDay.more.daysIntro')}>
            {days.isPending ? (
              <Loading />
            ) : days.isError ? (
              <Alert color="red" variant="light" role="alert">
                {t('myDay.more.daysError')}
              </Alert>
            ) : days.data.length === 0 ? (
              <Text c="dimmed">{t('myDay.more.noDays')}</Text>
            ) : (
              <Stack gap="xs">
                {days.data.map((day) => (
                  <DayRow key={day.id} day={day} zone={zone} />
                ))}
              </Stack>
            )}
          </Part>
          {me.permissions.includes('payouts.own') ? (
            <Part id="my-pay" title={t('myDay.more.pay')} intro={t('myDay.more.payIntro')}>
              {pay.isPending ? (
                <Loading />
              ) : pay.isError ? (
                <Alert color="red" variant="light" role="alert">
                  {t('myDay.more.payError')}
                </Alert>
              ) : pay.data.payouts.length === 0 ? (
                <Text c="dimmed">{t('myDay.more.noPay')}</Text>
              ) : (
                <Stack gap="xs">
                  {pay.data.payouts.map((payout) => (
                    <PayoutRow key={payout.id} payout={payout} format={money.format} />
                  ))}
                </Stack>
              )}
            </Part>
          ) : null}
        </>
      )}
    </Stack>
  );
}
