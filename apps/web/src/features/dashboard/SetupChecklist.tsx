import { Box, Button, Group, Paper, Progress, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { Permission, SetupStep, SetupStepState } from '@ps/contracts';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconArrowRight, IconChevronDown, IconChevronUp, IconCircleCheckFilled, IconCircleDashed } from '../../components/icons';
import { useCan } from '../../lib/currentUser';
import { formatNumber } from '../../lib/format';
import { useSetup } from './api';

/**
 * Where each step is done, and what its user must hold to do it there: the screen's own permission (the router's) and
 * the one its action needs. A user who lacks one is told who does the step instead of being sent to a refusal.
 */
const stepScreens: Record<SetupStep, { path: string; permissions: readonly Permission[] }> = {
  airport: { path: '/airports/new', permissions: ['airports.create'] },
  car_park: { path: '/locations/new', permissions: ['locations.create'] },
  bands: { path: '/bands/new', permissions: ['bands.create'] },
  // The bands' defaults for each month price every route: the first prices a company sets.
  prices: { path: '/prices?tab=defaults', permissions: ['location_prices.view', 'band_months.view', 'band_months.update'] },
  users: { path: '/people', permissions: ['users.view', 'users.create', 'roles.view'] },
  web_config: { path: '/settings', permissions: ['web_config.update'] },
};

/** Whether this user folded the card away on this browser (per user: one browser may serve several people). */
const foldedKey = (userId: number) => `setup_checklist_folded:${userId}`;

function readFolded(userId: number): boolean {
  try {
    return localStorage.getItem(foldedKey(userId)) === '1';
  } catch {
    return false;
  }
}

function storeFolded(userId: number, folded: boolean): void {
  try {
    if (folded) localStorage.setItem(foldedKey(userId), '1');
    else localStorage.removeItem(foldedKey(userId));
  } catch {
    // Storage refused (a private window): the choice holds until the page is left.
  }
}

/**
 * "Set up your company" (issue 22, section 6): a new company's first steps at the top of its dashboard, each ticked
 * from the company's records (GET /api/company/setup/list), with a line on why it matters and a link to the screen that
 * does it. Gone once every step is done; until then it can be folded to its heading, never dismissed for good
 * (docs/decisions.md, "A new company knows what to do first").
 */
export function SetupChecklist({ companyId, userId }: { companyId: string; userId: number }) {
  const { t } = useTranslation();
  const setup = useSetup();
  const [folded, setFolded] = useState(() => readFolded(userId));
  if (!setup.data || setup.data.done === setup.data.total) return null;
  const { done, total, steps } = setup.data;
  const fold = (next: boolean) => {
    setFolded(next);
    storeFolded(userId, next);
  };

  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      aria-labelledby="setup-title"
      data-testid="setup-checklist"
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4} miw={0} style={{ flex: '1 1 260px' }}>
            <Title order={2} size="h3" id="setup-title">
              {t('dashboard.setup.title')}
            </Title>
            <Text size="sm" data-testid="setup-progress">
              {t('dashboard.setup.progress', { done: formatNumber(done), total: formatNumber(total) })}
            </Text>
          </Stack>
          <Button
            variant="subtle"
            size="sm"
            aria-expanded={!folded}
            aria-controls="setup-steps"
            rightSection={folded ? <IconChevronDown size={16} aria-hidden /> : <IconChevronUp size={16} aria-hidden />}
            onClick={() => fold(!folded)}
          >
            {folded ? t('dashboard.setup.unfold') : t('dashboard.setup.fold')}
          </Button>
        </Group>
        <Progress value={(done / total) * 100} size="md" color="teal.7" aria-label={t('dashboard.setup.progressLabel')} />
        <Stack gap="sm" id="setup-steps" style={folded ? { display: 'none' } : undefined}>
          <Text size="sm">{t('dashboard.setup.intro')}</Text>
          <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {steps.map((step) => (
              <StepRow key={step.step} step={step} companyId={companyId} />
            ))}
          </Stack>
        </Stack>
      </Stack>
    </Paper>
  );
}

function StepRow({ step, companyId }: { step: SetupStepState; companyId: string }) {
  const { t } = useTranslation();
  const can = useCan();
  const key = (name: string) => `dashboard.setup.steps.${step.step}.${name}`;
  const screen = stepScreens[step.step];
  const mayDo = screen.permissions.every((permission) => can(permission));

  return (
    <Box component="li" data-testid={`setup-step-${step.step}`} data-done={step.done ? 'true' : 'false'}>
      <Group gap="sm" align="flex-start" wrap="nowrap">
        {step.done ? (
          <IconCircleCheckFilled size={26} color="var(--mantine-color-teal-8)" aria-hidden style={{ flexShrink: 0 }} />
        ) : (
          <IconCircleDashed size={26} color="var(--mantine-color-gray-7)" aria-hidden style={{ flexShrink: 0 }} />
        )}
        <Group justify="space-between" align="center" gap="xs" miw={0} style={{ flex: 1 }}>
          <Stack gap={2} miw={0} style={{ flex: '1 1 260px' }}>
            <Text fw={700} className="ps-wrap">
              <VisuallyHidden>{step.done ? t('dashboard.setup.done') : t('dashboard.setup.open')}: </VisuallyHidden>
              {t(key('title'))}
            </Text>
            {step.done ? (
              <Text size="sm" c="teal.9">
                {t(key('count'), { count: step.count })}
              </Text>
            ) : (
              <Text size="sm" className="ps-wrap">
                {t(key('why'))}
              </Text>
            )}
            {!step.done && !mayDo ? (
              <Text size="sm" c="dimmed">
                {t('dashboard.setup.byAdmin')}
              </Text>
            ) : null}
          </Stack>
          {!step.done && mayDo ? (
            <Button
              component={Link}
              to={`/${companyId}${screen.path}`}
              variant="light"
              size="sm"
              rightSection={<IconArrowRight size={16} aria-hidden />}
            >
              {t(key('action'))}
            </Button>
          ) : null}
        </Group>
      </Group>
    </Box>
  );
}
