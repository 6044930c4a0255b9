import type { FreeSlot } from '@ps/contracts/common/errors';
import { formatDateTime, formatMoney, formatTime } from '@ps/contracts/common/format';
import type { Language } from '@ps/contracts/common/languages';
import { fromZonedLocal, toZonedLocal } from '@ps/contracts/common/zonedTime';
import type { BookingPage, PublicBookingChange, PublicBookingView } from '@ps/contracts/publicBooking';
import { Fragment } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { ApiError, type PublicApi } from './api';
import type { Translate } from './i18n';
import { ClockField, describedBy, Field, FreeSlots, Notice, QrCode } from './parts';

/** How long a customer may say baggage claim takes them (minutes), the first being the default. */
const BAG_CLAIM_CHOICES = [30, 0, 15, 45, 60, 90];

/**
 * The booking token lives in this tab's session storage (never in the address): a reload keeps the customer in, a new
 * tab asks for a code again, and it ends when the server says so (30 minutes, a cancel).
 */
const tokenKey = (page: BookingPage) => `ps-booking-token:${page.company_id}`;

/** A refusal's words, or the page's own when the network failed. */
const messageOf = (error: unknown, t: Translate) => (error instanceof Error && error.message ? error.message : t('errors.offline'));

/**
 * Manage my booking: reference and e-mail, the 6-digit code from the mail, then the booking: change its times,
 * flights and car (a new price is shown and agreed first), "bring my car" for meet and greet, and cancel (the refund
 * due is stated).
 */
export function ManageBooking(props: { page: BookingPage; api: PublicApi; t: Translate; language: Language; bookHref: string }) {
  const { page, bookHref } = props;
  const [token, setToken] = useState<string | null>(() => sessionStorage.getItem(tokenKey(page)));
  const [ended, setEnded] = useState<string | null>(null);
  const signOut = (message: string | null) => {
    sessionStorage.removeItem(tokenKey(page));
    setToken(null);
    setEnded(message);
  };
  if (!token) {
    return (
      <AccessForm
        {...props}
        notice={ended}
        onToken={(value) => {
          sessionStorage.setItem(tokenKey(page), value);
          setEnded(null);
          setToken(value);
        }}
      />
    );
  }
  return <BookingView {...props} token={token} onEnded={signOut} bookHref={bookHref} />;
}

function AccessForm(props: { api: PublicApi; t: Translate; notice: string | null; onToken: (token: string) => void }) {
  const { api, t, notice, onToken } = props;
  const [reference, setReference] = useState('');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [asked, setAsked] = useState<string | null>(null);
  const [error, setError] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(work: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (failure) {
      setError({ message: messageOf(failure, t), fields: failure instanceof ApiError ? failure.fields : {} });
    } finally {
      setBusy(false);
    }
  }
  const askForCode = (event: Event) => {
    event.preventDefault();
    void run(async () => setAsked((await api.access(reference, email)).message));
  };
  const verify = (event: Event) => {
    event.preventDefault();
    void run(async () => onToken((await api.verify(reference, code)).data.booking_token));
  };
  const fieldError = (field: string) => error?.fields[field];

  return (
    <section class="card" aria-labelledby="manage-title">
      <h2 id="manage-title">{t('manage.title')}</h2>
      {notice ? <Notice tone="info">{notice}</Notice> : null}
      <form onSubmit={askForCode}>
        <p>{t('manage.intro')}</p>
        <Field id="reference" label={t('manage.reference')} error={fieldError('reference')}>
          <input
            id="reference"
            required
            autocomplete="off"
            value={reference}
            onInput={(event) => setReference(event.currentTarget.value)}
          />
        </Field>
        <Field id="email" label={t('book.email')} error={fieldError('email')}>
          <input
            id="email"
            type="email"
            required
            autocomplete="email"
            value={email}
            onInput={(event) => setEmail(event.currentTarget.value)}
          />
        </Field>
        <div class="actions">
          <button type="submit" class={asked ? 'secondary' : undefined} disabled={busy}>
            {asked ? t('manage.askAgain') : t('manage.askCode')}
          </button>
        </div>
      </form>
      {asked ? (
        <form onSubmit={verify}>
          <Notice tone="success">{asked}</Notice>
          <Field id="code" label={t('manage.code')} hint={t('manage.codeHint')} error={fieldError('code')}>
            <input
              id="code"
              required
              inputMode="numeric"
              autocomplete="one-time-code"
              pattern="[0-9]{6}"
              maxLength={6}
              value={code}
              onInput={(event) => setCode(event.currentTarget.value)}
              aria-describedby={describedBy('code', true, fieldError('code'))}
            />
          </Field>
          <div class="actions">
            <button type="submit" disabled={busy}>
              {t('manage.open')}
            </button>
          </div>
        </form>
      ) : null}
      {error ? <Notice tone="error">{error.message}</Notice> : null}
    </section>
  );
}

function BookingView(props: {
  page: BookingPage;
  api: PublicApi;
  t: Translate;
  language: Language;
  token: string;
  bookHref: string;
  onEnded: (message: string | null) => void;
}) {
  const { page, api, t, language, token, onEnded, bookHref } = props;
  const [booking, setBooking] = useState<PublicBookingView | null>(null);
  const [news, setNews] = useState<{ tone: 'success' | 'error' | 'info'; text: string } | null>(null);
  const [cancelled, setCancelled] = useState<string | null>(null);

  /** A call of the booking: an ended token sends the customer back to the code, with the server's words. */
  async function guarded<T>(work: () => Promise<T>): Promise<T | undefined> {
    try {
      return await work();
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'booking_token_invalid') onEnded(failure.message);
      else setNews({ tone: 'error', text: messageOf(failure, t) });
      return undefined;
    }
  }
  const reload = () => guarded(async () => setBooking((await api.get(token)).data));
  // Read again in the other language too: the status and times are written in it.
  useEffect(() => {
    void reload();
  }, [token, language]);

  if (cancelled) {
    return (
      <section class="card" aria-labelledby="cancelled-title">
        <h2 id="cancelled-title">{t('manage.cancelledTitle')}</h2>
        <Notice tone="success">{cancelled}</Notice>
        <a class="button" href={bookHref}>
          {t('nav.book')}
        </a>
      </section>
    );
  }
  if (!booking) return news ? <Notice tone={news.tone}>{news.text}</Notice> : <p role="status">{t('loading')}</p>;

  const zone = booking.airport_time_zone;
  const money = (minor: number) => formatMoney(language, minor, booking.currency);
  const when = (instant: string) => formatDateTime(language, instant, zone, 'long');
  const changeable = booking.status === 'pending' || booking.status === 'confirmed';
  const facts: Array<[string, string]> = [
    [t('manage.status'), t(`statuses.${booking.status}`)],
    [t('book.airport'), `${booking.airport_name} (${booking.airport_iata_code})`],
    [t('manage.route'), `${booking.departure_name} → ${booking.arrival_name}`],
    [t('book.dropOff'), when(booking.departure_at)],
    [t('book.pickUp'), when(booking.arrival_at)],
    [t('manage.flights'), [booking.outbound_flight, booking.return_flight].filter(Boolean).join(' / ') || '—'],
    [
      t('manage.vehicle'),
      [booking.vehicle_reg, booking.vehicle_colour, booking.vehicle_make, booking.vehicle_model].filter(Boolean).join(' · '),
    ],
    [t('book.services'), booking.services.map((service) => service.name).join(', ') || '—'],
    [t('manage.total'), money(booking.total)],
    [t('manage.paid'), money(booking.paid)],
    [t('manage.outstanding'), money(booking.outstanding)],
  ];

  return (
    <>
      <section class="card" aria-labelledby="booking-title">
        <h2 id="booking-title">{t('manage.booking', { reference: booking.reference })}</h2>
        {news ? <Notice tone={news.tone}>{news.text}</Notice> : null}
        <QrCode text={booking.reference} label={t('confirmation.qr', { reference: booking.reference })} />
        <dl class="facts" data-testid="booking-facts">
          {facts.map(([label, value]) => (
            <Fragment key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </Fragment>
          ))}
        </dl>
        <div class="actions">
          <button type="button" class="secondary" onClick={() => onEnded(null)}>
            {t('manage.leave')}
          </button>
        </div>
      </section>
      {booking.type === 'meet_and_greet' ? (
        <CarRequest
          booking={booking}
          t={t}
          language={language}
          onAsk={(minutes) => guarded(() => api.requestCar(token, minutes))}
          onDone={reload}
        />
      ) : null}
      {changeable ? (
        <ChangeForm
          booking={booking}
          t={t}
          language={language}
          onChange={(body, offer) =>
            guarded(() =>
              api.update(token, body).catch((failure: unknown) => {
                // A full slot's refusal offers the nearest free ones beside the times (issue 24, section 2).
                if (failure instanceof ApiError) offer(failure.freeSlots);
                throw failure;
              }),
            )
          }
          onChanged={(change) => {
            setBooking(change.booking);
            setNews({ tone: 'success', text: change.price_text });
          }}
        />
      ) : null}
      {changeable ? (
        <CancelSection
          t={t}
          onCancel={async () => {
            const answer = await guarded(() => api.cancel(token));
            if (!answer) return;
            sessionStorage.removeItem(tokenKey(page));
            setCancelled(answer.data.refund_text);
          }}
        />
      ) : null}
    </>
  );
}

type UpdateBody = Parameters<PublicApi['update']>[1];

/** The stay's times and flights: the new price, when it moves, is shown and agreed before anything changes. */
function ChangeForm(props: {
  booking: PublicBookingView;
  t: Translate;
  language: Language;
  onChange: (body: UpdateBody, offer: (slots: FreeSlot[]) => void) => Promise<{ data: PublicBookingChange } | undefined>;
  onChanged: (change: PublicBookingChange) => void;
}) {
  const { booking, t, language, onChange, onChanged } = props;
  const zone = booking.airport_time_zone;
  const [dropOff, setDropOff] = useState(() => toZonedLocal(booking.departure_at, zone));
  const [pickUp, setPickUp] = useState(() => toZonedLocal(booking.arrival_at, zone));
  const [outbound, setOutbound] = useState(booking.outbound_flight ?? '');
  const [back, setBack] = useState(booking.return_flight ?? '');
  const [toConfirm, setToConfirm] = useState<PublicBookingChange | null>(null);
  const [freeSlots, setFreeSlots] = useState<FreeSlot[]>([]);
  const [busy, setBusy] = useState(false);

  /** Only what differs from the booking is sent (an unchanged time in the past stays allowed). */
  function changes(): UpdateBody {
    const body: UpdateBody = {};
    const departureAt = fromZonedLocal(dropOff, zone);
    const arrivalAt = fromZonedLocal(pickUp, zone);
    if (departureAt && Date.parse(departureAt) !== Date.parse(booking.departure_at)) body.departure_at = departureAt;
    if (arrivalAt && Date.parse(arrivalAt) !== Date.parse(booking.arrival_at)) body.arrival_at = arrivalAt;
    if (outbound.trim() !== (booking.outbound_flight ?? '')) body.outbound_flight = outbound.trim() || null;
    if (back.trim() !== (booking.return_flight ?? '')) body.return_flight = back.trim() || null;
    return body;
  }
  async function send(confirmPrice?: number) {
    const body = changes();
    if (Object.keys(body).length === 0) return;
    setBusy(true);
    setFreeSlots([]);
    const answer = await onChange(confirmPrice === undefined ? body : { ...body, confirm_price: confirmPrice }, setFreeSlots);
    setBusy(false);
    if (!answer) return;
    if (answer.data.updated) {
      setToConfirm(null);
      onChanged(answer.data);
    } else setToConfirm(answer.data);
  }

  return (
    <section class="card" aria-labelledby="change-title">
      <h2 id="change-title">{t('manage.changeTitle')}</h2>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <div class="row">
          <ClockField
            id="change-drop-off"
            label={t('book.dropOff')}
            hint={t('book.airportClock', { zone })}
            value={dropOff}
            onChange={setDropOff}
          />
          <ClockField
            id="change-pick-up"
            label={t('book.pickUp')}
            hint={t('book.airportClock', { zone })}
            value={pickUp}
            onChange={setPickUp}
          />
        </div>
        <FreeSlots
          slots={freeSlots}
          title={t(freeSlots[0]?.field === 'arrival_at' ? 'book.slots.arrival' : 'book.slots.departure')}
          describe={(slot) => formatDateTime(language, slot.at, zone, 'short')}
          onPick={(slot) => {
            if (slot.field === 'arrival_at') setPickUp(slot.local);
            else setDropOff(slot.local);
            setFreeSlots([]);
          }}
        />
        <div class="row">
          <Field id="change-outbound" label={t('book.outboundFlight')}>
            <input id="change-outbound" value={outbound} onInput={(event) => setOutbound(event.currentTarget.value)} />
          </Field>
          <Field id="change-return" label={t('book.returnFlight')}>
            <input id="change-return" value={back} onInput={(event) => setBack(event.currentTarget.value)} />
          </Field>
        </div>
        {toConfirm ? (
          <div aria-live="polite">
            <Notice tone="info">{toConfirm.price_text}</Notice>
            <div class="actions">
              <button type="button" disabled={busy} onClick={() => void send(toConfirm.after.total)}>
                {t('manage.confirmPrice')}
              </button>
              <button type="button" class="secondary" onClick={() => setToConfirm(null)}>
                {t('manage.keepBooking')}
              </button>
            </div>
          </div>
        ) : (
          <div class="actions">
            <button type="submit" disabled={busy}>
              {t('manage.saveChange')}
            </button>
          </div>
        )}
      </form>
    </section>
  );
}

/** "Bring my car": the car is on site (checked in) and the customer has landed. */
function CarRequest(props: {
  booking: PublicBookingView;
  t: Translate;
  language: Language;
  onAsk: (minutes: number) => Promise<{ data: { text: string } } | undefined>;
  onDone: () => Promise<unknown>;
}) {
  const { booking, t, language, onAsk, onDone } = props;
  const [minutes, setMinutes] = useState(BAG_CLAIM_CHOICES[0] ?? 30);
  const [answer, setAnswer] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const request = booking.car_request;
  return (
    <section class="card" aria-labelledby="car-title">
      <h2 id="car-title">{t('car.title')}</h2>
      {request ? (
        <Notice tone="success">
          {answer ?? t('car.asked', { time: formatTime(language, request.wanted_at, booking.airport_time_zone) })}
        </Notice>
      ) : (
        <form
          onSubmit={async (event) => {
            event.preventDefault();
            setBusy(true);
            const done = await onAsk(minutes);
            setBusy(false);
            if (!done) return;
            setAnswer(done.data.text);
            await onDone();
          }}
        >
          <p>{t('car.intro')}</p>
          <Field id="bag-claim" label={t('car.bagClaim')}>
            <select id="bag-claim" value={minutes} onChange={(event) => setMinutes(Number(event.currentTarget.value))}>
              {BAG_CLAIM_CHOICES.map((choice) => (
                <option key={choice} value={choice}>
                  {choice === 0 ? t('car.now') : t('car.minutes', { minutes: choice })}
                </option>
              ))}
            </select>
          </Field>
          <div class="actions">
            <button type="submit" disabled={busy}>
              {t('car.bring')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

/** Cancel, asked first in place (no dialog to trap focus in): the answer states the refund due. */
function CancelSection({ t, onCancel }: { t: Translate; onCancel: () => Promise<void> }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <section class="card" aria-labelledby="cancel-title">
      <h2 id="cancel-title">{t('manage.cancelTitle')}</h2>
      {asking ? (
        <fieldset>
          <legend>{t('manage.cancelQuestion')}</legend>
          <div class="actions">
            <button
              type="button"
              class="danger"
              disabled={busy}
              onClick={async () => {
                setBusy(true);
                await onCancel();
                setBusy(false);
              }}
            >
              {t('manage.cancelYes')}
            </button>
            <button type="button" class="secondary" onClick={() => setAsking(false)}>
              {t('manage.keepBooking')}
            </button>
          </div>
        </fieldset>
      ) : (
        <button type="button" class="secondary" onClick={() => setAsking(true)}>
          {t('manage.cancel')}
        </button>
      )}
    </section>
  );
}
