import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Booking, BookingVersion, RestoreField } from '@ps/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Section } from '../../components/Section';
import { VersionCard } from '../../components/VersionCard';
import { ApiError } from '../../lib/api';
import { useCan, useCurrentUser } from '../../lib/currentUser';
import { formatDateTime } from '../../lib/format';
import { toastSuccess } from '../../lib/toast';
import { useBookingVersions, useRestorePreview, useRestoreVersion } from './api.versions';
import { useBookingText } from './format';

const instantFields = new Set(['departure_at', 'arrival_at', 'shuttle_out_at', 'shuttle_back_at']);

/** A field's label: the versions' own, else the audit trail's, else the booking's. */
function useFieldLabel() {
  const { t } = useTranslation();
  return (field: string) =>
    t(`bookings.versions.fields.${field}`, {
      defaultValue: t(`bookings.audit.fields.${field}`, { defaultValue: t(`bookings.fields.${field}`, { defaultValue: field }) }),
    });
}

const errorText = (error: unknown, fallback: string) => (error instanceof ApiError ? error.message : fallback);

/**
 * The booking's versions (issue 9, section 5): the booking after each audited change, newest first, each named by when
 * (on the company's clock) and who made it, with what kind of change and what changed beneath; only the newest is "As it
 * is now". "Restore this version" asks first, showing each field now and restored and the total before and after, then
 * restores it through the same rules as an edit. A booking whose state forbids it (checked out, completed, cancelled, no
 * show) offers no restore and says why, as the API would refuse it.
 */
export function VersionsSection({ booking, closed }: { booking: Booking; closed: boolean }) {
  const { t } = useTranslation();
  const can = useCan();
  const user = useCurrentUser();
  const versions = useBookingVersions(booking.id);
  const label = useFieldLabel();
  const [restoring, setRestoring] = useState<BookingVersion | null>(null);
  const entries = versions.data ?? [];
  const refusal = closed
    ? t('bookings.versions.refused.closed')
    : booking.status === 'checked_out'
      ? t('bookings.versions.refused.checkedOut')
      : null;
  const mayRestore = can('bookings.update') && refusal === null;
  const zone = user.data?.company_time_zone ?? booking.airport_time_zone;
  const when = (instant: string) => formatDateTime(instant, zone);

  const title = (version: BookingVersion) =>
    t('bookings.versions.whenWho', { when: when(version.created_at), who: version.actor_name ?? t('bookings.history.system') });
  const kind = (version: BookingVersion) => {
    if (version.action === 'create') return t('bookings.versions.created');
    if (version.restored_from !== null) {
      const source = entries.find((entry) => entry.audit_id === version.restored_from);
      return t('bookings.versions.restoredFrom', { when: source ? when(source.created_at) : `#${version.restored_from}` });
    }
    return t('bookings.versions.changed');
  };

  return (
    <Section title={t('bookings.versions.title')} id="booking-versions">
      {entries.length === 0 ? (
        <Text c="dimmed">{versions.isLoading ? t('app.loading') : t('bookings.versions.none')}</Text>
      ) : (
        <Stack gap="xs">
          {refusal && can('bookings.update') && entries.length > 1 ? (
            <Text size="sm" c="dimmed" data-testid="booking-versions-refused">
              {refusal}
            </Text>
          ) : null}
          <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} data-testid="booking-versions">
            {entries.map((version, index) => (
              <VersionCard
                key={version.audit_id}
                testId="booking-version"
                title={title(version)}
                // Only the newest is the booking as it is now; an older one with the same details is still a moment of its own.
                currentLabel={index === 0 ? t('bookings.versions.current') : null}
                restore={
                  mayRestore && index > 0 && !version.is_current
                    ? {
                        label: t('bookings.versions.restore'),
                        ariaLabel: t('bookings.versions.restoreNamed', { when: when(version.created_at) }),
                        onClick: () => setRestoring(version),
                      }
                    : null
                }
              >
                <Text size="sm" c="dimmed">
                  {kind(version)}
                </Text>
                {version.changed_fields.length > 0 ? (
                  <Text size="sm">{t('bookings.versions.fieldsChanged', { fields: version.changed_fields.map(label).join(', ') })}</Text>
                ) : null}
              </VersionCard>
            ))}
          </Stack>
        </Stack>
      )}
      {restoring ? (
        <RestoreDialog booking={booking} version={restoring} when={when(restoring.created_at)} onClose={() => setRestoring(null)} />
      ) : null}
    </Section>
  );
}

/** The restore's question: each field now -> restored and the total before -> after; the API's error in it. */
function RestoreDialog({
  booking,
  version,
  when,
  onClose,
}: {
  booking: Booking;
  version: BookingVersion;
  /** When the version was made, on the company's clock. */
  when: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const text = useBookingText();
  const label = useFieldLabel();
  const preview = useRestorePreview(booking.id, version.audit_id);
  const restore = useRestoreVersion(booking.id);

  const value = (field: RestoreField, side: 'current' | 'restored'): string => {
    const raw = field[side];
    const name = side === 'current' ? field.current_name : field.restored_name;
    if (raw === null || raw === undefined || raw === '') return '—';
    if (name) return name;
    if (instantFields.has(field.field) && typeof raw === 'string') return text.time(booking, raw);
    if (field.field === 'type' && typeof raw === 'string') return t(`bookings.versions.types.${raw}`, { defaultValue: raw });
    if (field.field === 'language' && typeof raw === 'string') return t(`bookings.versions.languages.${raw}`, { defaultValue: raw });
    if (typeof raw === 'number' && field.field.endsWith('_id')) return `#${raw}`;
    return String(raw);
  };

  const confirm = () =>
    restore.mutate(version.audit_id, {
      onSuccess: () => {
        toastSuccess(t('bookings.versions.restored', { reference: booking.reference }));
        onClose();
      },
    });

  const plan = preview.data;
  return (
    <Modal
      opened
      onClose={restore.isPending ? () => undefined : onClose}
      title={t('bookings.versions.confirmTitle', { when })}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
      styles={{ title: { fontWeight: 700 } }}
    >
      <Stack gap="md">
        {preview.isLoading ? <Text>{t('app.loading')}</Text> : null}
        {preview.isError ? (
          <Alert color="red.9" variant="light" role="alert" title={t('bookings.versions.cannot')}>
            {errorText(preview.error, t('app.errors.unexpected'))}
          </Alert>
        ) : null}
        {plan ? (
          <>
            <Text>{t('bookings.versions.confirmBody')}</Text>
            <Stack component="dl" gap="xs" m={0} data-testid="restore-fields">
              {plan.fields.map((field) => (
                <Stack key={field.field} gap={0}>
                  <Text component="dt" size="sm" c="dimmed">
                    {label(field.field)}
                  </Text>
                  <Text component="dd" m={0}>
                    {t('bookings.audit.fromTo', { from: value(field, 'current'), to: value(field, 'restored') })}
                  </Text>
                </Stack>
              ))}
            </Stack>
            <RestoreTotal before={plan.price.before.total} after={plan.price.after.total} />
          </>
        ) : null}
        {restore.isError ? (
          <Alert color="red.9" variant="light" role="alert" title={t('bookings.versions.cannot')}>
            {errorText(restore.error, t('app.errors.unexpected'))}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={restore.isPending} className="ps-primary-action">
            {t('common.cancel')}
          </Button>
          {plan ? (
            <Button onClick={confirm} loading={restore.isPending} className="ps-primary-action" data-autofocus>
              {t('bookings.versions.restore')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Modal>
  );
}

/** What a restore does to the total; nothing for a role that may not see money (the API sends the figures null). */
function RestoreTotal({ before, after }: { before: number | null; after: number | null }) {
  const { t } = useTranslation();
  const text = useBookingText();
  if (before === null || after === null) return null;
  return (
    <Text fw={700} data-testid="restore-total">
      {before === after
        ? t('bookings.versions.totalKept', { total: text.money(after) })
        : t('bookings.versions.totalChanges', { from: text.money(before), to: text.money(after) })}
    </Text>
  );
}
