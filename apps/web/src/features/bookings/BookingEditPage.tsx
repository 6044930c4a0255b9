// A booking's edit: the booking form with its saved values; a change that re-prices it shows the old and new
// price first (POST /api/booking/reprice/{id}) and saves only when confirmed.
import { Alert, Anchor, Stack, Table, Text, Title } from '@mantine/core';
import { type Booking, type BookingReprice, type BookingUpdate, bookingUpdateSchema } from '@ps/contracts';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { RecordState } from '../../components/RecordState';
import { priceFigures } from '../../lib/finance';
import { useMoney } from '../../lib/format';
import { useFormToasts } from '../../lib/forms';
import { usePageTitle } from '../../lib/pageTitle';
import { bookingsResource, repricePreview, useIsClosed, useUpdateBooking } from './api';
import { BookingForm } from './BookingForm';
import { BackToList } from './BookingFormPage';
import { freeSlotsOf, repricingFields, showServerErrors, toUpdateBody, valuesOf } from './bookingFormModel';
import { repriceWording } from './reprice';

const editRoute = getRouteApi('/$companyId/bookings/$bookingId/edit');

export function BookingEditPage() {
  const { t } = useTranslation();
  const { companyId, bookingId } = editRoute.useParams();
  const id = Number(bookingId);
  const booking = bookingsResource.useOne(id);
  const title = booking.data ? t('bookings.editTitle', { reference: booking.data.reference }) : t('bookings.editTitleGeneric');
  usePageTitle(title);
  return (
    <Stack gap="md" maw={1200}>
      <BackToList companyId={companyId} />
      <Title order={1} size="h2">
        {title}
      </Title>
      <RecordState query={booking} notFoundTitle={t('bookings.notFound')}>
        {(current) => <ClosedOrEditForm booking={current} companyId={companyId} />}
      </RecordState>
    </Stack>
  );
}

/** The re-price preview's lines: the price fields of a booking, total last. */
const repriceLines = [
  ['bookings.price.base', 'base_price'],
  ['bookings.price.package', 'package_price'],
  ['bookings.price.services', 'services_price'],
  ['bookings.price.discount', 'discount'],
  ['bookings.fields.total', 'total'],
] as const satisfies readonly (readonly [string, keyof BookingReprice['before']])[];

/** A closed booking cannot be changed (the API refuses it): the page says so instead of offering a form. */
function ClosedOrEditForm({ booking, companyId }: { booking: Booking; companyId: string }) {
  const { t } = useTranslation();
  if (useIsClosed(booking)) {
    return (
      <Alert color="gray" variant="light" title={t('bookings.page.closedTitle')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('bookings.page.closed')}</Text>
          <Anchor component={Link} to={`/${companyId}/bookings/${booking.id}`}>
            {t('bookings.page.backToBooking')}
          </Anchor>
        </Stack>
      </Alert>
    );
  }
  return <BookingEditForm key={booking.id} booking={booking} companyId={companyId} />;
}

interface PendingReprice {
  body: BookingUpdate;
  prices: BookingReprice;
  finish: (confirmed: boolean) => void;
}

function BookingEditForm({ booking, companyId }: { booking: Booking; companyId: string }) {
  const { t } = useTranslation();
  const { format } = useMoney();
  const navigate = useNavigate();
  const update = useUpdateBooking(booking.id);
  const toasts = useFormToasts();
  const original = useMemo(() => valuesOf(booking), [booking]);
  const [pending, setPending] = useState<PendingReprice | null>(null);
  const [saving, setSaving] = useState(false);
  const wording = pending ? repriceWording(pending.prices) : null;
  // Null for a role without finance.view: the dialog then says the price is worked out again, without figures.
  const before = pending ? priceFigures(pending.prices.before) : null;
  const after = pending ? priceFigures(pending.prices.after) : null;

  /** Shows the old and new price and waits for the answer. */
  const askReprice = (body: BookingUpdate, prices: BookingReprice) =>
    new Promise<boolean>((resolve) =>
      setPending({
        body,
        prices,
        finish: (confirmed) => {
          setPending(null);
          resolve(confirmed);
        },
      }),
    );

  return (
    <>
      <BookingForm
        current={booking}
        defaultValues={original}
        cancelHref={`/${companyId}/bookings/${booking.id}`}
        submitLabel={t('bookings.form.save')}
        onSubmit={async (values, zone, setError, allowLeave, offerSlots) => {
          const changes = toUpdateBody(values, original, zone);
          if (Object.keys(changes).length === 0) {
            allowLeave();
            await navigate({ to: '/$companyId/bookings/$bookingId', params: { companyId, bookingId: String(booking.id) } });
            return;
          }
          const body = bookingUpdateSchema.parse(changes);
          try {
            if (Object.keys(body).some((key) => repricingFields.includes(key))) {
              const prices = await repricePreview(booking.id, body);
              if (!(await askReprice(body, prices))) return;
              setSaving(true);
            }
            const saved = await update.mutateAsync(body);
            toasts.success(t('bookings.toast.updated', { reference: saved.reference }));
            allowLeave();
            await navigate({ to: '/$companyId/bookings/$bookingId', params: { companyId, bookingId: String(saved.id) } });
          } catch (error) {
            toasts.error(error);
            showServerErrors(error, setError, 'parking');
            offerSlots(freeSlotsOf(error));
          } finally {
            setSaving(false);
          }
        }}
      />
      <ConfirmDialog
        opened={pending !== null}
        title={t(wording?.title ?? 'bookings.reprice.title')}
        busy={saving}
        body={
          pending && before && after ? (
            <Stack gap="sm">
              <Text data-testid="reprice-summary">
                {t(wording?.body ?? 'bookings.reprice.body', {
                  before: format(before.total),
                  after: format(after.total),
                  total: format(after.total),
                })}
              </Text>
              <Table verticalSpacing={4} aria-label={t('bookings.reprice.table')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th />
                    <Table.Th ta="right">{t('bookings.reprice.before')}</Table.Th>
                    <Table.Th ta="right">{t('bookings.reprice.after')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {repriceLines.map(([label, key]) => (
                    <Table.Tr key={key} fw={key === 'total' ? 700 : undefined}>
                      <Table.Th scope="row" fw={key === 'total' ? 700 : 400}>
                        {t(label)}
                      </Table.Th>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {format(before[key])}
                      </Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {format(after[key])}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Stack>
          ) : pending ? (
            <Text data-testid="reprice-summary">{t('bookings.reprice.hiddenBody')}</Text>
          ) : (
            ''
          )
        }
        confirmLabel={t(wording?.confirm ?? 'bookings.reprice.confirm')}
        onConfirm={() => pending?.finish(true)}
        onClose={() => pending?.finish(false)}
      />
    </>
  );
}
