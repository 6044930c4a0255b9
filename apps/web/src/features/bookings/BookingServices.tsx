// The booking page's service lines: add one at today's price, change a quantity, remove one (not once closed).
import { ActionIcon, Button, Group, NumberInput, Select, Stack, Text } from '@mantine/core';
import type { Booking, BookingService } from '@ps/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteDialog } from '../../components/ConfirmDialog';
import { IconTrash } from '../../components/icons';
import { keyboardScrollable } from '../../components/ReferenceSelects';
import { Section } from '../../components/Section';
import { toastSuccess } from '../../lib/toast';
import { useServices } from './api.choices';
import { useAddService, useBookingServices, useRemoveService, useSetServiceQuantity } from './api.services';
import { useBookingText } from './format';

/** The booking's services: each line's price is the one it was added at. */
export function ServicesSection({ booking, readOnly }: { booking: Booking; readOnly: boolean }) {
  const { t } = useTranslation();
  const text = useBookingText();
  const services = useBookingServices(booking.id);
  const choices = useServices(!readOnly);
  const add = useAddService(booking.id);
  const setQuantity = useSetServiceQuantity(booking.id);
  const remove = useRemoveService(booking.id);
  const [toRemove, setToRemove] = useState<BookingService | null>(null);
  const [picked, setPicked] = useState<string | null>(null);
  const taken = new Set((services.data ?? []).map((line) => line.additional_service_id));
  const options = (choices.data ?? [])
    .filter((service) => !taken.has(service.id))
    .map((service) => ({ value: String(service.id), label: `${service.name} (+${text.money(service.price)})` }));

  return (
    <Section title={t('bookings.services.title')} id="booking-services">
      <Stack gap="sm">
        {(services.data ?? []).length === 0 ? (
          <Text c="dimmed">{services.isLoading ? t('app.loading') : t('bookings.services.none')}</Text>
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {(services.data ?? []).map((line) => (
              <Group component="li" key={line.id} justify="space-between" wrap="wrap" gap="xs" data-testid="booking-service">
                <Stack gap={0} miw={0} style={{ flex: '1 1 140px' }}>
                  <Text fw={600}>{line.name}</Text>
                  {/* The prices are null for a role without finance.view: the line then names the service only. */}
                  {line.unit_price === null ? null : (
                    <Text size="sm" c="dimmed">
                      {t('bookings.services.each', { price: text.money(line.unit_price) })}
                    </Text>
                  )}
                </Stack>
                <Group gap="xs" wrap="nowrap">
                  {readOnly ? (
                    <Text>{t('bookings.services.times', { count: line.quantity })}</Text>
                  ) : (
                    <NumberInput
                      aria-label={t('bookings.services.quantityOf', { name: line.name })}
                      w={84}
                      min={1}
                      max={99}
                      allowDecimal={false}
                      allowNegative={false}
                      defaultValue={line.quantity}
                      key={`${line.id}-${line.quantity}`}
                      onBlur={(event) => {
                        const quantity = Number(event.currentTarget.value);
                        if (Number.isInteger(quantity) && quantity >= 1 && quantity <= 99 && quantity !== line.quantity) {
                          setQuantity.mutate({ id: line.id, quantity });
                        }
                      }}
                    />
                  )}
                  {line.price === null ? null : (
                    <Text w={96} ta="right" fw={600} style={{ whiteSpace: 'nowrap' }}>
                      {text.money(line.price)}
                    </Text>
                  )}
                  {readOnly ? null : (
                    <ActionIcon
                      variant="subtle"
                      color="red.8"
                      size="lg"
                      aria-label={t('bookings.services.remove', { name: line.name })}
                      onClick={() => setToRemove(line)}
                    >
                      <IconTrash size={20} aria-hidden />
                    </ActionIcon>
                  )}
                </Group>
              </Group>
            ))}
          </Stack>
        )}
        {readOnly ? null : (
          <Group gap="sm" align="flex-end" wrap="wrap">
            <Select
              {...keyboardScrollable}
              label={t('bookings.services.add')}
              placeholder={choices.isLoading ? t('app.loading') : t('bookings.services.choose')}
              searchable
              nothingFoundMessage={t('common.nothingFound')}
              data={options}
              value={picked}
              onChange={setPicked}
              style={{ flex: '1 1 200px' }}
            />
            <Button
              variant="default"
              size="md"
              disabled={!picked}
              loading={add.isPending}
              onClick={() =>
                picked &&
                add.mutate(Number(picked), {
                  onSuccess: () => {
                    toastSuccess(t('bookings.services.added'));
                    setPicked(null);
                  },
                })
              }
            >
              {t('bookings.services.addButton')}
            </Button>
          </Group>
        )}
      </Stack>
      <DeleteDialog
        title={t('bookings.services.removeTitle')}
        recordName={toRemove?.name ?? null}
        busy={remove.isPending}
        onConfirm={() =>
          toRemove &&
          remove.mutate(toRemove.id, {
            onSuccess: () => {
              toastSuccess(t('bookings.services.removed', { name: toRemove.name }));
              setToRemove(null);
            },
            onError: () => setToRemove(null),
          })
        }
        onClose={() => setToRemove(null)}
      />
    </Section>
  );
}
