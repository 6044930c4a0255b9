import { Button, Checkbox, Group, Paper, SegmentedControl, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { PriceRuleSimulationResult, SimulationPeriod, SimulationRow } from '@ps/contracts/priceRules';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BackToListLink } from '../../components/FormKit';
import { ListError, useCardLayout } from '../../components/ListKit';
import { useCan } from '../../lib/currentUser';
import { screenHref } from '../../lib/features';
import { formatDay, formatDayRange, formatMoney } from '../../lib/format';
import { usePageTitle } from '../../lib/pageTitle';
import { getCompanyId } from '../../lib/session';
import { toastSuccess } from '../../lib/toast';
import { priceRulesResource, useAllRules, useSimulation } from './api';
import { RuleStatus, RuleSummary } from './screens';

/**
 * "What would these rules have made": the rules as edited (drafts too) tried on the bookings of the last 30 days or the
 * next 30, each re-priced at its own booking time; then the manager activates the drafts chosen.
 */
export function PriceRuleSimulationPage() {
  const { t } = useTranslation();
  usePageTitle(t('priceRules.simulation.title'));
  const rules = useAllRules();
  const simulation = useSimulation();
  const setStatus = priceRulesResource.useSetStatus();
  const queryClient = useQueryClient();
  const can = useCan();
  const [period, setPeriod] = useState<SimulationPeriod>('last_month');
  const [chosen, setChosen] = useState<string[] | null>(null);
  // Every rule is chosen until the manager changes the choice.
  const selected = chosen ?? (rules.data ?? []).map((rule) => String(rule.id));
  const drafts = (rules.data ?? []).filter((rule) => rule.status !== 1 && selected.includes(String(rule.id)));
  const result = simulation.data;
  const reset = simulation.reset;

  // A changed choice or period makes the figures shown stale: they go until simulated again.
  useEffect(() => reset(), [period, chosen, reset]);

  const activate = async () => {
    const done = await setStatus.mutateAsync({ ids: drafts.map((rule) => rule.id), status: 1 });
    await queryClient.invalidateQueries({ queryKey: priceRulesResource.keys.all });
    if (done.failed.length === 0) toastSuccess(t('priceRules.simulation.activated', { count: done.updated.length }));
  };

  return (
    <Stack gap="md" maw={1200}>
      <BackToListLink path={screenHref('company', '/price-rules', getCompanyId())} label={t('priceRules.backToList')} />
      <Title order={1} size="h2" className="ps-wrap">
        {t('priceRules.simulation.title')}
      </Title>
      <Text>{t('priceRules.simulation.intro')}</Text>
      {rules.isError ? (
        <ListError title={t('priceRules.loadError')} error={rules.error} onRetry={() => void rules.refetch()} />
      ) : (
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="md">
            <Checkbox.Group label={t('priceRules.simulation.rules')} value={selected} onChange={setChosen}>
              <Stack gap="xs" mt="xs">
                {(rules.data ?? []).map((rule) => (
                  <Stack key={rule.id} gap={2}>
                    <Group gap="sm" wrap="wrap" align="center">
                      <Checkbox value={String(rule.id)} label={`${rule.position}. ${rule.name}`} />
                      <RuleStatus status={rule.status} />
                    </Group>
                    <Text size="sm" c="dimmed" className="ps-wrap" pl={32}>
                      <RuleSummary rule={rule} /> · {formatDayRange(rule.valid_from, rule.valid_to)}
                    </Text>
                  </Stack>
                ))}
                {rules.data?.length === 0 ? <Text>{t('priceRules.empty')}</Text> : null}
              </Stack>
            </Checkbox.Group>
            <Stack gap={4}>
              <Text size="sm" fw={500} id="simulation-period">
                {t('priceRules.simulation.period')}
              </Text>
              <SegmentedControl
                aria-labelledby="simulation-period"
                value={period}
                onChange={(value) => setPeriod(value as SimulationPeriod)}
                data={[
                  { value: 'last_month', label: t('priceRules.simulation.last_month') },
                  { value: 'next_30_days', label: t('priceRules.simulation.next_30_days') },
                ]}
                fullWidth
                style={{ maxWidth: 480 }}
              />
            </Stack>
            <Group gap="sm">
              <Button
                size="md"
                className="ps-primary-action"
                loading={simulation.isPending}
                disabled={selected.length === 0}
                onClick={() => simulation.mutate({ period, rule_ids: selected.map(Number) })}
              >
                {t('priceRules.simulation.run')}
              </Button>
              {can('price_rules.update') && result && drafts.length > 0 ? (
                <Button size="md" variant="outline" loading={setStatus.isPending} onClick={() => void activate()}>
                  {t('priceRules.simulation.activate', { count: drafts.length })}
                </Button>
              ) : null}
            </Group>
          </Stack>
        </Paper>
      )}
      {result ? <SimulationResult result={result} /> : null}
    </Stack>
  );
}

function SimulationResult({ result }: { result: PriceRuleSimulationResult }) {
  const { t } = useTranslation();
  const money = (minor: number) => formatMoney(minor, result.currency);
  const signedMoney = (minor: number) => (minor > 0 ? `+${money(minor)}` : minor < 0 ? `−${money(-minor)}` : money(0));
  const figures: Array<[string, string]> = [
    [t('priceRules.simulation.count'), String(result.count)],
    [t('priceRules.simulation.before'), money(result.total_before)],
    [t('priceRules.simulation.after'), money(result.total_after)],
    [t('priceRules.simulation.difference'), signedMoney(result.difference)],
    [t('priceRules.simulation.refused'), String(result.refused)],
  ];
  return (
    <Stack gap="md" data-testid="simulation-result">
      <Text fw={600}>{t('priceRules.simulation.periodNote', { from: formatDay(result.from), to: formatDay(result.to) })}</Text>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
        {figures.map(([label, value]) => (
          <Paper key={label} withBorder radius="md" p="sm" data-testid="simulation-figure">
            <Text size="sm" c="dimmed">
              {label}
            </Text>
            <Text fw={700} size="lg">
              {value}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      {result.rows.length === 0 ? (
        <Text>{t('priceRules.simulation.none')}</Text>
      ) : (
        <SimulationRows result={result} signedMoney={signedMoney} />
      )}
    </Stack>
  );
}

function SimulationRows({ result, signedMoney }: { result: PriceRuleSimulationResult; signedMoney: (minor: number) => string }) {
  const { t } = useTranslation();
  const cards = useCardLayout();
  const money = (minor: number) => formatMoney(minor, result.currency);
  const simulated = (row: SimulationRow) => (row.simulated === null ? t('priceRules.simulation.refusedShort') : money(row.simulated));
  const rules = (row: SimulationRow) => row.refused ?? (row.rules.length > 0 ? row.rules.join(', ') : t('priceRules.simulation.noRule'));
  if (cards) {
    return (
      <Stack gap="sm">
        {result.rows.map((row) => (
          <Paper key={row.booking_id} withBorder radius="md" p="sm" data-testid="simulation-row">
            <Text fw={700}>{row.reference}</Text>
            <Text size="sm">{formatDayRange(row.departure_day, row.arrival_day)}</Text>
            <Text size="sm">
              {t('priceRules.simulation.paid')}: {money(row.paid)} · {t('priceRules.simulation.simulated')}: {simulated(row)} ·{' '}
              {signedMoney(row.difference)}
            </Text>
            <Text size="sm" c="dimmed" className="ps-wrap">
              {rules(row)}
            </Text>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Table striped withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('priceRules.simulation.reference')}</Table.Th>
          <Table.Th>{t('priceRules.simulation.stay')}</Table.Th>
          <Table.Th>{t('priceRules.simulation.paid')}</Table.Th>
          <Table.Th>{t('priceRules.simulation.simulated')}</Table.Th>
          <Table.Th>{t('priceRules.simulation.difference')}</Table.Th>
          <Table.Th>{t('priceRules.simulation.rulesApplied')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {result.rows.map((row) => (
          <Table.Tr key={row.booking_id} data-testid="simulation-row">
            <Table.Td>{row.reference}</Table.Td>
            <Table.Td>{formatDayRange(row.departure_day, row.arrival_day)}</Table.Td>
            <Table.Td>{money(row.paid)}</Table.Td>
            <Table.Td>{simulated(row)}</Table.Td>
            <Table.Td>{signedMoney(row.difference)}</Table.Td>
            <Table.Td>{rules(row)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
