import { Alert, Anchor, Badge, Box, Button, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconCamera, IconCameraOff, IconSearch } from '../../components/icons';
import { formatDateTime } from '../../lib/format';
import { usePageTitle } from '../../lib/pageTitle';
import { findBookingByReference, type HandoverMatch, useBookingLookup, useLookupSource } from './api';
import { type CameraProblem, cameraProblemOf, createVideoReader, openCamera, referenceOf, stopCamera } from './scan';

const route = getRouteApi('/$companyId/scan');

/** How often a frame is looked at: enough to feel instant, little enough for an old phone. */
const SCAN_EVERY_MS = 250;

type CameraState =
  | { step: 'starting' }
  | { step: 'scanning' }
  | { step: 'problem'; problem: CameraProblem }
  | { step: 'stopped' }
  | { step: 'looking'; reference: string }
  | { step: 'notFound'; text: string };

/**
 * Scan a booking's ticket or key tag (issue 22, section 2): the camera reads the QR code (the browser's BarcodeDetector,
 * or jsQR loaded for it), the reference's booking opens on its handover screen. Where there is no camera, or its use is
 * refused, a search by registration or reference leads to the same place; it is always offered below the camera. The
 * camera stops when a code is read, when it is stopped, and when the screen is left.
 */
export function ScanPage() {
  const { t } = useTranslation();
  usePageTitle(t('onSite.scanPage.title'));
  const { companyId } = route.useParams();
  const navigate = useNavigate();
  const handoverOf = useCallback(
    (bookingId: number) => void navigate({ href: `/${companyId}/bookings/${bookingId}/handover` }),
    [navigate, companyId],
  );
  return (
    <Stack gap="md" maw={720}>
      <Anchor component={Link} to={`/${companyId}/on-site`} size="sm" py={4}>
        {t('onSite.scanPage.back')}
      </Anchor>
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('onSite.scanPage.title')}
        </Title>
        <Text size="sm">{t('onSite.scanPage.intro')}</Text>
      </Stack>
      <Camera onBooking={handoverOf} />
      <FallbackSearch companyId={companyId} />
    </Stack>
  );
}

/** The camera's picture and what it is doing; a read reference is looked up and its booking opened. */
function Camera({ onBooking }: { onBooking: (bookingId: number) => void }) {
  const { t } = useTranslation();
  const source = useLookupSource();
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const [state, setState] = useState<CameraState>({ step: 'starting' });
  // Each start of the camera is an attempt; `active` false leaves it off (stopped by the user).
  const [attempt, setAttempt] = useState(0);
  const [active, setActive] = useState(true);
  const opened = useRef(onBooking);
  opened.current = onBooking;

  const stop = useCallback(() => {
    stopCamera(stream.current);
    stream.current = null;
  }, []);

  // Start the camera and look at its frames until a reference is read; stop it on the way out, whatever happens.
  useEffect(() => {
    if (!active) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const start = async () => {
      try {
        const camera = await openCamera();
        if (!live) return stopCamera(camera);
        stream.current = camera;
        const element = video.current;
        if (!element) return;
        element.srcObject = camera;
        await element.play();
        const reader = await createVideoReader();
        if (!live) return;
        setState({ step: 'scanning' });
        const look = async () => {
          if (!live) return;
          const text = await reader.read(element).catch(() => null);
          if (!live) return;
          if (text === null) {
            timer = setTimeout(() => void look(), SCAN_EVERY_MS);
            return;
          }
          stop();
          const reference = referenceOf(text);
          if (!reference) return setState({ step: 'notFound', text });
          setState({ step: 'looking', reference });
          const booking = source ? await findBookingByReference(source, reference).catch(() => null) : null;
          if (!live) return;
          if (booking) opened.current(booking.id);
          else setState({ step: 'notFound', text: reference });
        };
        void look();
      } catch (error) {
        if (live) setState({ step: 'problem', problem: cameraProblemOf(error) });
        stop();
      }
    };
    void start();
    return () => {
      live = false;
      if (timer) clearTimeout(timer);
      stop();
    };
  }, [active, attempt, source, stop]);

  const again = () => {
    setState({ step: 'starting' });
    setActive(true);
    setAttempt((count) => count + 1);
  };
  const showVideo = state.step === 'starting' || state.step === 'scanning';

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="sm">
        <Box
          pos="relative"
          style={{ display: showVideo ? 'block' : 'none', background: '#111', borderRadius: 8, overflow: 'hidden', aspectRatio: '4 / 3' }}
        >
          <video
            ref={video}
            muted
            playsInline
            aria-label={t('onSite.scanPage.video')}
            style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
          />
          {/* The square to aim the code at. */}
          <Box aria-hidden pos="absolute" style={{ inset: '18% 22%', border: '3px solid rgba(255,255,255,0.85)', borderRadius: 12 }} />
        </Box>
        <Box aria-live="polite">
          {state.step === 'starting' ? (
            <Group gap="xs">
              <Loader size="sm" aria-hidden />
              <Text>{t('onSite.scanPage.starting')}</Text>
            </Group>
          ) : state.step === 'scanning' ? (
            <Group gap="xs">
              <IconCamera size={18} aria-hidden />
              <Text>{t('onSite.scanPage.aim')}</Text>
            </Group>
          ) : state.step === 'looking' ? (
            <Group gap="xs">
              <Loader size="sm" aria-hidden />
              <Text>{t('onSite.scanPage.looking', { reference: state.reference })}</Text>
            </Group>
          ) : state.step === 'notFound' ? (
            <Alert color="yellow" variant="light" title={t('onSite.scanPage.notFoundTitle')}>
              <Text size="sm">{t('onSite.scanPage.notFound', { text: state.text })}</Text>
            </Alert>
          ) : state.step === 'problem' ? (
            <Alert
              color="gray"
              variant="light"
              icon={<IconCameraOff size={18} aria-hidden />}
              title={t(`onSite.scanPage.problem.${state.problem}`)}
            >
              <Text size="sm">{t('onSite.scanPage.useSearch')}</Text>
            </Alert>
          ) : (
            <Text>{t('onSite.scanPage.stopped')}</Text>
          )}
        </Box>
        {source === null ? (
          <Text size="sm" c="dimmed">
            {t('onSite.scanPage.noBookings')}
          </Text>
        ) : null}
        <Group gap="sm">
          {state.step === 'scanning' || state.step === 'starting' ? (
            <Button
              variant="default"
              size="md"
              onClick={() => {
                // The effect's clean-up stops the camera, also one still starting (it stops what it opens).
                setActive(false);
                setState({ step: 'stopped' });
              }}
            >
              {t('onSite.scanPage.stop')}
            </Button>
          ) : state.step !== 'looking' ? (
            <Button size="md" leftSection={<IconCamera size={18} aria-hidden />} onClick={again}>
              {t(
                state.step === 'problem'
                  ? 'onSite.scanPage.retry'
                  : state.step === 'stopped'
                    ? 'onSite.scanPage.start'
                    : 'onSite.scanPage.again',
              )}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}

/** A search by registration or reference among the bookings a handover can act on; each leads to its handover screen. */
function FallbackSearch({ companyId }: { companyId: string }) {
  const { t } = useTranslation();
  const source = useLookupSource();
  const [text, setText] = useState('');
  const [term] = useDebouncedValue(text.trim(), 300);
  const found = useBookingLookup(term);
  if (source === null) return null;
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="scan-search-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="scan-search-title">
          {t('onSite.scanPage.searchTitle')}
        </Title>
        <TextInput
          type="search"
          size="md"
          label={t('onSite.scanPage.searchLabel')}
          description={t(source === 'bookings' ? 'onSite.scanPage.searchHint' : 'onSite.scanPage.searchHintOnSite')}
          leftSection={<IconSearch size={16} aria-hidden />}
          autoComplete="off"
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
        />
        {term.length < 2 ? null : found.isPending ? (
          <Group gap="xs" role="status">
            <Loader size="sm" aria-hidden />
            <Text>{t('app.loading')}</Text>
          </Group>
        ) : found.isError ? (
          <Text c="red.8" role="alert">
            {found.error.message}
          </Text>
        ) : found.data.length === 0 ? (
          <Text>{t('onSite.scanPage.noMatch', { text: term })}</Text>
        ) : (
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('onSite.scanPage.results')}>
            {found.data.map((booking) => (
              <Match key={booking.id} booking={booking} companyId={companyId} />
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/** One booking found: its registration, reference, customer and status, and the way to its handover screen. */
function Match({ booking, companyId }: { booking: HandoverMatch; companyId: string }) {
  const { t } = useTranslation();
  const checkedIn = booking.status === 'checked_in' || booking.status === 'parked';
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid="scan-match">
      <Group justify="space-between" align="center" gap="sm">
        <Stack gap={2} miw={0}>
          <Text ff="monospace" fw={700} size="lg">
            {booking.vehicle_reg}
          </Text>
          <Text size="sm" className="ps-wrap">
            <Text span ff="monospace">
              {booking.reference}
            </Text>
            {` · ${booking.customer_name}`}
          </Text>
          <Group gap="xs">
            <Badge variant="outline" color="gray.8" tt="none" size="md">
              {t(`onSite.bookingStatuses.${booking.status}`)}
            </Badge>
            <Text size="sm" c="dimmed">
              {checkedIn || !booking.departure_at
                ? t('onSite.scanPage.dueOut', { when: formatDateTime(booking.arrival_at, booking.airport_time_zone) })
                : t('onSite.scanPage.dropOff', { when: formatDateTime(booking.departure_at, booking.airport_time_zone) })}
            </Text>
          </Group>
        </Stack>
        <Button
          component={Link}
          to={`/${companyId}/bookings/${booking.id}/handover`}
          size="md"
          aria-label={t(checkedIn ? 'onSite.scanPage.checkOutOne' : 'onSite.scanPage.checkInOne', { registration: booking.vehicle_reg })}
        >
          {t(checkedIn ? 'onSite.scanPage.checkOut' : 'onSite.scanPage.checkIn')}
        </Button>
      </Group>
    </Paper>
  );
}
