import { Alert, Anchor, Button, NumberInput, Paper, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import type { Booking } from '@ps/contracts';
import { type HandoverCreateInput, type HandoverKind, handoverCreateSchema } from '@ps/contracts/handovers';
import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UnsavedChangesDialog } from '../../components/ConfirmDialog';
import { RecordState } from '../../components/RecordState';
import { ApiError } from '../../lib/api';
import { useCan } from '../../lib/currentUser';
import { formatNumber } from '../../lib/format';
import { useUnsavedChangesGuard } from '../../lib/forms';
import { translateMessage } from '../../lib/i18n';
import { usePageTitle } from '../../lib/pageTitle';
import { useAddHandover, useBooking, useHandovers, useRelocations } from './api';
import { BookingEssentials } from './BookingEssentials';
import { FuelGauge } from './FuelGauge';
import { HandoverConfirm } from './HandoverConfirm';
import { HandoverRecord, placeText } from './HandoverRecord';
import { type MarkDraft, MarksEditor } from './MarksEditor';
import { type PhotoDraft, PhotoPicker } from './PhotoPicker';
import { PositionSelect } from './PositionSelect';
import { currentCheckIn, handoverKindFor, newIdempotencyKey, parseKind, whereNow } from './rules';
import { SignaturePad } from './SignaturePad';
import { usePaymentDialog } from './TakePayment';
import { showUndoToast } from './UndoToast';

const route = getRouteApi('/$companyId/bookings/$bookingId/handover');

/**
 * The handover screen (issue 22, section 1): `/{company}/bookings/{id}/handover?kind=check_in|check_out`, the kind
 * the booking's status calls for when the URL names none. Phone-first: one column, big targets, the send button in
 * reach at the bottom; from 768 px the outline sits beside its marks.
 */
export function HandoverPage() {
  const { t } = useTranslation();
  const { companyId, bookingId } = route.useParams();
  const search = route.useSearch() as Record<string, unknown>;
  const booking = useBooking(Number(bookingId));
  const can = useCan();
  // A driver (no booking page) goes back to their day.
  const home = can('bookings.view') ? ('/$companyId/bookings/$bookingId' as const) : ('/$companyId/my-day' as const);
  const asked = parseKind(search.kind);
  const kind = asked ?? (booking.data ? handoverKindFor(booking.data.status) : null);
  usePageTitle(
    booking.data && kind ? t(`handovers.screen.title.${kind}`, { reg: booking.data.vehicle_reg }) : t('handovers.screen.titleGeneric'),
  );
  return (
    <Stack gap="md" maw={1040} w="100%">
      <Anchor component={Link} to={home} params={{ companyId, bookingId } as never} size="sm" py={4}>
        {can('bookings.view') ? t('handovers.screen.back') : t('handovers.screen.backToDay')}
      </Anchor>
      {/* The status as it is now decides which handover is due: a booking read before (in the cache) waits for its
          fresh copy. */}
      <RecordState
        query={
          booking.isFetchedAfterMount || booking.isError
            ? booking
            : { data: undefined, error: null, isPending: true, fetchStatus: 'fetching' as const }
        }
        notFoundTitle={t('handovers.screen.notFound')}
      >
        {(current) => <HandoverScreen booking={current} asked={asked} companyId={companyId} />}
      </RecordState>
    </Stack>
  );
}

function HandoverScreen({ booking, asked, companyId }: { booking: Booking; asked: HandoverKind | null; companyId: string }) {
  const { t } = useTranslation();
  const due = handoverKindFor(booking.status);
  // Once sent, the handover's kind stays: recording it moves the booking on, and the screen must not turn into "not due"
  // (or into the next handover) under the user's hands while it goes back to the booking page.
  const [sent, setSent] = useState<HandoverKind | null>(null);
  const kind = sent ?? asked ?? due;
  const payment = usePaymentDialog(booking);
  if (!kind || (!sent && kind !== due)) {
    return (
      <Stack gap="md">
        <Title order={1} size="h2">
          {kind ? t(`handovers.screen.title.${kind}`, { reg: booking.vehicle_reg }) : t('handovers.screen.titleGeneric')}
        </Title>
        <Alert color="orange" variant="light" role="alert" data-testid="handover-not-due">
          {t(`handovers.screen.notDue.${kind ?? due ?? 'check_in'}`, { reference: booking.reference })}
        </Alert>
        <BookingEssentials booking={booking} onTakePayment={payment.open && (() => payment.open?.())} />
        {payment.dialog}
      </Stack>
    );
  }
  return (
    <HandoverForm
      key={`${booking.id}-${kind}`}
      booking={booking}
      kind={kind}
      companyId={companyId}
      payment={payment}
      onSending={() => setSent(kind)}
    />
  );
}

/** A part of the form: a titled card (its heading names the region). */
function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper component="section" withBorder radius="md" p={{ base: 'sm', sm: 'md' }} aria-labelledby={id} className="ps-wrap">
      <Title order={2} size="h4" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

type Errors = Record<string, string>;

/** The body's fields the screen shows an error beside (`marks.<n>...` and `photos.<n>` by their first part). */
const shownFields = new Set([
  'mileage',
  'fuel_eighths',
  'position_id',
  'key_location',
  'marks',
  'photos',
  'signature',
  'signed_name',
  'note',
]);

/** A message key of the contracts (zod's `validation.*`) in the user's language. */
const messageOf = (message: string) => translateMessage(message) ?? message;

function HandoverForm({
  booking,
  kind,
  companyId,
  payment,
  onSending,
}: {
  booking: Booking;
  kind: HandoverKind;
  companyId: string;
  payment: ReturnType<typeof usePaymentDialog>;
  onSending: () => void;
}) {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const handovers = useHandovers(booking.id, can('handovers.view'));
  const relocations = useRelocations(booking.id, can('handovers.view') && kind === 'check_out');
  const add = useAddHandover(booking.id);
  // Once per visit of the screen: a double tap, or a retry after a lost answer, records the handover once.
  const [idempotencyKey] = useState(newIdempotencyKey);

  const [mileage, setMileage] = useState<number | ''>('');
  const [fuel, setFuel] = useState<number | null>(null);
  const [positionId, setPositionId] = useState<string | null>(null);
  const [keyLocation, setKeyLocation] = useState('');
  const [marks, setMarks] = useState<MarkDraft[]>([]);
  const [photos, setPhotos] = useState<PhotoDraft[]>([]);
  const [signature, setSignature] = useState<string | null>(null);
  const [signedName, setSignedName] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const [showErrors, setShowErrors] = useState(0);

  const dirty =
    mileage !== '' ||
    fuel !== null ||
    positionId !== null ||
    keyLocation.trim() !== '' ||
    marks.length > 0 ||
    photos.length > 0 ||
    signature !== null ||
    signedName.trim() !== '' ||
    note.trim() !== '';
  const { blocker, allowLeave } = useUnsavedChangesGuard(dirty && !add.isSuccess);

  const checkIn = kind === 'check_out' ? currentCheckIn(handovers.data ?? []) : null;
  const where = kind === 'check_out' ? whereNow(checkIn, relocations.data ?? []) : null;

  // After a refused send, the first field with an error comes into view and takes the focus.
  useEffect(() => {
    if (showErrors === 0) return;
    const first = form.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-handover-error]');
    first?.scrollIntoView({ block: 'center' });
    first?.focus({ preventScroll: true });
  }, [showErrors]);

  const body = (): HandoverCreateInput => ({
    booking_id: booking.id,
    kind,
    mileage: mileage === '' ? null : mileage,
    fuel_eighths: fuel,
    position_id: kind === 'check_in' && positionId !== null ? Number(positionId) : null,
    key_location: kind === 'check_in' ? keyLocation.trim() || null : null,
    marks: marks.map(({ area, x, y, note: text }) => ({ area, x, y, note: text })),
    photos: photos.map((photo) => photo.base64),
    signature,
    signed_name: signedName.trim() || null,
    note: note.trim() || null,
  });

  const fail = (found: Errors, message: string | null) => {
    setErrors(found);
    setProblem(message);
    setShowErrors((count) => count + 1);
  };

  /** The same rules as the API's, before anything is sent; then the confirmation. */
  const review = () => {
    const checked = handoverCreateSchema.safeParse(body());
    if (!checked.success) {
      const found: Errors = {};
      for (const issue of checked.error.issues) {
        const field = issue.path.join('.');
        found[field] ??=
          issue.path[0] === 'photos' && issue.path.length > 1
            ? t('handovers.photos.errorOf', { number: Number(issue.path[1]) + 1, message: messageOf(issue.message) })
            : messageOf(issue.message);
      }
      fail(found, null);
      return;
    }
    setErrors({});
    setProblem(null);
    setConfirming(true);
  };

  const send = () => {
    onSending();
    add.mutate(
      { body: body(), idempotencyKey },
      {
        onSuccess: (handover) => {
          setConfirming(false);
          allowLeave();
          showUndoToast({ handover, reference: booking.reference, queryClient, t });
          // In the handover screen's place: Back then returns to where it was opened from (the board, the scanner).
          void navigate({
            to: can('bookings.view') ? '/$companyId/bookings/$bookingId' : '/$companyId/my-day',
            params: { companyId, bookingId: String(booking.id) } as never,
            replace: true,
          });
        },
        onError: (error) => {
          setConfirming(false);
          if (!(error instanceof ApiError)) {
            fail({}, t('app.errors.unexpected'));
            return;
          }
          const found: Errors = {};
          let general: string | null = null;
          for (const detail of error.details) {
            const message = detail.message || (translateMessage(detail.code) ?? error.message);
            // A field the screen shows gets its message there; the rest (the booking itself: another company's, or gone)
            // is said above the button.
            if (shownFields.has(detail.field.split('.')[0] ?? '')) found[detail.field] ??= message;
            else general ??= message;
          }
          fail(found, general ?? (Object.keys(found).length === 0 ? error.message : null));
        },
      },
    );
  };

  const markErrors: Record<number, string> = {};
  const photoErrors: string[] = [];
  for (const [field, message] of Object.entries(errors)) {
    const [head, index] = field.split('.');
    if (head === 'marks' && index !== undefined) markErrors[Number(index)] ??= message;
    if (head === 'photos') photoErrors.push(message);
  }
  const clearError = (...fields: string[]) =>
    setErrors((current) => {
      const next = { ...current };
      for (const field of fields) delete next[field];
      return next;
    });

  return (
    <form
      ref={form}
      noValidate
      aria-labelledby="handover-title"
      onSubmit={(event) => {
        event.preventDefault();
        review();
      }}
    >
      <Stack gap="md">
        <Title order={1} size="h2" id="handover-title" className="ps-wrap">
          {t(`handovers.screen.title.${kind}`, { reg: booking.vehicle_reg })}
        </Title>
        <BookingEssentials booking={booking} onTakePayment={payment.open && (() => payment.open?.())} />

        {kind === 'check_out' ? (
          <Part id="handover-earlier" title={t('handovers.screen.atCheckIn')}>
            {checkIn ? (
              <Stack gap="sm">
                {where ? (
                  <Text data-testid="handover-car-now" className="ps-wrap">
                    {t('handovers.screen.carNow', {
                      position: placeText(where.position, where.place) ?? t('handovers.move.noPosition'),
                      key: where.key ?? t('handovers.move.noKey'),
                    })}
                  </Text>
                ) : null}
                <HandoverRecord handover={checkIn} timeZone={booking.airport_time_zone} outline={false} />
              </Stack>
            ) : (
              <Text c="dimmed">{handovers.isLoading ? t('app.loading') : t('handovers.screen.noCheckIn')}</Text>
            )}
          </Part>
        ) : null}

        <Part id="handover-car" title={t('handovers.screen.car')}>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <NumberInput
              label={t('handovers.fields.mileage')}
              description={
                checkIn?.mileage != null ? t('handovers.fields.mileageAtCheckIn', { mileage: formatNumber(checkIn.mileage) }) : undefined
              }
              value={mileage}
              onChange={(value) => {
                setMileage(typeof value === 'number' ? value : value === '' ? '' : Number(value));
                clearError('mileage');
              }}
              allowDecimal={false}
              allowNegative={false}
              min={0}
              max={2_000_000}
              inputMode="numeric"
              size="lg"
              hideControls
              error={errors.mileage}
            />
            <FuelGauge
              value={fuel}
              onChange={(value) => {
                setFuel(value);
                clearError('fuel_eighths');
              }}
              error={errors.fuel_eighths}
            />
          </SimpleGrid>
        </Part>

        {kind === 'check_in' ? (
          <Part id="handover-place" title={t('handovers.screen.place')}>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              {can('positions.view') ? (
                <PositionSelect
                  label={t('handovers.fields.position')}
                  description={t('handovers.fields.positionHint')}
                  value={positionId}
                  onChange={(value) => {
                    setPositionId(value);
                    clearError('position_id');
                  }}
                  error={errors.position_id}
                />
              ) : null}
              <TextInput
                label={t('handovers.fields.key')}
                description={t('handovers.fields.keyHint')}
                value={keyLocation}
                maxLength={40}
                size="lg"
                onChange={(event) => {
                  setKeyLocation(event.currentTarget.value);
                  clearError('key_location');
                }}
                error={errors.key_location}
              />
            </SimpleGrid>
          </Part>
        ) : null}

        <Part id="handover-damage" title={t('handovers.screen.damage')}>
          <MarksEditor
            marks={marks}
            onChange={(next) => {
              setMarks(next);
              setErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !field.startsWith('marks'))));
            }}
            earlier={checkIn?.marks}
            errors={markErrors}
          />
          {errors.marks ? (
            <Text size="sm" c="red.8" role="alert" data-handover-error tabIndex={-1}>
              {errors.marks}
            </Text>
          ) : null}
        </Part>

        <Part id="handover-photos" title={t('handovers.screen.photos')}>
          <div data-handover-error={photoErrors.length > 0 || undefined} tabIndex={photoErrors.length > 0 ? -1 : undefined}>
            <PhotoPicker
              photos={photos}
              onChange={(next) => {
                setPhotos(next);
                setErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !field.startsWith('photos'))));
              }}
              error={photoErrors.join(' ') || null}
            />
          </div>
        </Part>

        <Part id="handover-acknowledgement" title={t('handovers.screen.acknowledgement')}>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Stack gap={4}>
              <SignaturePad
                label={t('handovers.signature.label')}
                hint={t(`handovers.signature.hint.${kind}`)}
                onChange={(png) => {
                  setSignature(png);
                  clearError('signature');
                }}
              />
              {errors.signature ? (
                <Text size="sm" c="red.8" role="alert" data-handover-error tabIndex={-1}>
                  {errors.signature}
                </Text>
              ) : null}
            </Stack>
            <Stack gap="sm">
              <TextInput
                label={t('handovers.fields.signedName')}
                description={t('handovers.fields.signedNameHint')}
                value={signedName}
                maxLength={100}
                size="lg"
                autoComplete="off"
                onChange={(event) => {
                  setSignedName(event.currentTarget.value);
                  clearError('signed_name');
                }}
                error={errors.signed_name}
              />
              <Textarea
                label={t('handovers.fields.note')}
                value={note}
                maxLength={500}
                autosize
                minRows={2}
                size="lg"
                onChange={(event) => {
                  setNote(event.currentTarget.value);
                  clearError('note');
                }}
                error={errors.note}
              />
            </Stack>
          </SimpleGrid>
        </Part>

        <div className="ps-handover-submit">
          <Stack gap="xs">
            {problem ? (
              <Alert color="red" variant="light" role="alert" p="sm" data-handover-error tabIndex={-1}>
                {problem}
              </Alert>
            ) : null}
            <Button type="submit" size="lg" fullWidth className="ps-primary-action" color={kind === 'check_in' ? undefined : 'teal.9'}>
              {t(`handovers.screen.review.${kind}`)}
            </Button>
          </Stack>
        </div>
      </Stack>
      <HandoverConfirm
        opened={confirming}
        booking={booking}
        kind={kind}
        summary={{
          marks: marks.length,
          photos: photos.length,
          signed: signature !== null,
          signedName: signedName.trim() || null,
          position: kind === 'check_in' ? positionId : null,
          key: kind === 'check_in' ? keyLocation.trim() || null : null,
        }}
        busy={add.isPending}
        onConfirm={send}
        onBack={() => setConfirming(false)}
        onTakePayment={
          payment.open &&
          (() => {
            // The payment takes this step's place, and the step comes back after it with the new outstanding.
            setConfirming(false);
            payment.open?.(() => setConfirming(true));
          })
        }
      />
      {payment.dialog}
      <UnsavedChangesDialog blocked={blocker.status === 'blocked'} onStay={() => blocker.reset?.()} onLeave={() => blocker.proceed?.()} />
    </form>
  );
}
