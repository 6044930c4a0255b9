import { Badge, Button, Group, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import type { Driver } from '@ps/contracts';
import { todayInBrowser } from '@ps/contracts/common/zonedTime';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MoneyInput } from '../../components/MoneyInput';
import { Section } from '../../components/Section';
import { ApiError, toastApiError } from '../../lib/api';
import { useCan } from '../../lib/currentUser';
import { formatDay, useMoney } from '../../lib/format';
import { translateMessage } from '../../lib/i18n';
import { toastSuccess } from '../../lib/toast';
import { useAddRate, useDriverRates } from './api';

type FieldErrors = Partial<Record<'price_per_hour' | 'effective_from', string>>;

function fieldErrorsOf(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return {};
  const errors: FieldErrors = {};
  if (error.code === 'driver_rate_taken') errors.effective_from = error.message;
  for (const detail of error.details) {
    if (detail.field === 'price_per_hour' || detail.field === 'effective_from') {
      const known = translateMessage(detail.code);
      errors[detail.field] = known && known !== detail.code ? known : detail.message;
    }
  }
  return errors;
}

/**
 * The driver's hourly rate and its history: a new rate starts on a day and runs until the next one; a past
 * period is always paid at the rate that was in force then, so rates are added, never edited.
 */
export function RatesSection({ driver }: { driver: Driver }) {
  const can = useCan();
  const { t } = useTranslation();
  const money = useMoney();
  const rates = useDriverRates(driver.id);
  const add = useAddRate(driver.id);
  const [amount, setAmount] = useState<number | null>(null);
  const [from, setFrom] = useState(todayInBrowser());
  const [errors, setErrors] = useState<FieldErrors>({});

  const submit = () => {
    const problems: FieldErrors = {};
    if (amount === null || amount <= 0) problems.price_per_hour = t('drivers.rates.amountRequired');
    if (!from) problems.effective_from = t('validation.required');
    setErrors(problems);
    if (amount === null || amount <= 0 || !from) return;
    add.mutate(
      { driver_id: driver.id, price_per_hour: amount, effective_from: from },
      {
        onSuccess: (rate) => {
          toastSuccess(t('drivers.rates.added', { amount: money.format(rate.price_per_hour), date: formatDay(rate.effective_from) }));
          setAmount(null);
        },
        onError: (error) => {
          const fields = fieldErrorsOf(error);
          setErrors(fields);
          if (Object.keys(fields).length === 0) toastApiError(error);
        },
      },
    );
  };

  const rows = rates.data ?? [];
  return (
    <Section title={t('drivers.sections.rates')} id="driver-rates">
      <Stack gap="md">
        {rows.length === 0 ? (
          <Text size="sm">{rates.isPending ? t('app.loading') : t('drivers.rates.none')}</Text>
        ) : (
          <Table striped withTableBorder verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('drivers.rates.from')}</Table.Th>
                <Table.Th>{t('drivers.rates.perHour')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((rate) => (
                <Table.Tr key={rate.id}>
                  <Table.Td>
                    <Group gap={6}>
                      {formatDay(rate.effective_from)}
                      {rate.current ? (
                        <Badge color="green.9" variant="dot" size="lg" tt="none" miw="max-content">
                          {t('drivers.rates.current')}
                        </Badge>
                      ) : null}
                    </Group>
                  </Table.Td>
                  <Table.Td>{money.format(rate.price_per_hour)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {can('drivers.update') ? (
          <form
            noValidate
            aria-labelledby="driver-new-rate"
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <Stack gap="sm">
              <Text fw={700} id="driver-new-rate">
                {t('drivers.rates.addTitle')}
              </Text>
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
                <MoneyInput
                  label={t('drivers.rates.perHour')}
                  currency={money.currency}
                  required
                  value={amount}
                  onChange={setAmount}
                  error={errors.price_per_hour}
                />
                <TextInput
                  label={t('drivers.rates.from')}
                  type="date"
                  required
                  value={from}
                  onChange={(event) => setFrom(event.currentTarget.value)}
                  error={errors.effective_from}
                />
              </SimpleGrid>
              <Group justify="flex-end">
                <Button type="submit" loading={add.isPending} className="ps-primary-action">
                  {t('drivers.rates.add')}
                </Button>
              </Group>
            </Stack>
          </form>
        ) : null}
      </Stack>
    </Section>
  );
}
