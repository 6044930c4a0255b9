import type { FreeSlot } from '@ps/contracts/common/errors';
import { formatDateTime, formatMoney } from '@ps/contracts/common/format';
import type { Language } from '@ps/contracts/common/languages';
import { dayOf, fromZonedLocal, toZonedLocal } from '@ps/contracts/common/zonedTime';
import type { PublicLocation } from '@ps/contracts/locations';
import type { BookingPage, PublicAirport, PublicBookingReceipt, PublicPackage, PublicService } from '@ps/contracts/publicBooking';
import type { Quote } from '@ps/contracts/quote';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { ApiError, type PublicApi } from './api';
import type { Translate } from './i18n';
import { ClockField, describedBy, Field, FreeSlots, Notice, QrCode } from './parts';

/** The two kinds of stay a customer books here (park and ride books its shuttles at the desk). */
const stayTypes = ['parking', 'meet_and_greet'] as const;
type StayType = (typeof stayTypes)[number];

/** The passengers a form offers (a larger party books by phone). */
const PASSENGER_CHOICES = 9;

/** A new key per form: a retried send (a timeout, a double tap) books once; a new booking gets a new one. */
const newIdempotencyKey = () => crypto.randomUUID();

/** `YYYY-MM-DDTHH:mm` on the airport's clock, `days` from today at `hour`:00: a first guess the customer changes. */
function suggestedTime(timeZone: string, days: number, hour: number): string {
  const day = toZonedLocal(new Date(Date.now() + days * 86_400_000), timeZone).slice(0, 10);
  return `${day}T${String(hour).padStart(2, '0')}:00`;
}

interface Details {
  customer_name: string;
  customer_email: string;
  customer_phone: string;
  vehicle_reg: string;
  vehicle_make: string;
  vehicle_model: string;
  vehicle_colour: string;
  outbound_flight: string;
  return_flight: string;
  passengers: string;
}
const noDetails: Details = {
  customer_name: '',
  customer_email: '',
  customer_phone: '',
  vehicle_reg: '',
  vehicle_make: '',
  vehicle_model: '',
  vehicle_colour: '',
  outbound_flight: '',
  return_flight: '',
  passengers: '1',
};

type QuoteState = { state: 'idle' } | { state: 'loading' } | { state: 'ready'; quote: Quote } | { state: 'error'; message: string };

/**
 * The booking form, in the order a customer decides: airport, where the car is left and handed back (and the kind of
 * stay), when (on the airport's clock), package, services and voucher, the live price with why it is that price, their
 * details; then the confirmation with the reference and its QR code. Priced by the same public quote the company's
 * office uses; booked through the public add (its rules: capacity, voucher, the company's payment setting).
 */
export function BookingForm(props: { page: BookingPage; api: PublicApi; t: Translate; language: Language; manageHref: string }) {
  const { page, api, t, language, manageHref } = props;
  const [airports, setAirports] = useState<PublicAirport[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [airportId, setAirportId] = useState<number | null>(null);
  const [locations, setLocations] = useState<PublicLocation[]>([]);
  const [packages, setPackages] = useState<PublicPackage[]>([]);
  const [services, setServices] = useState<PublicService[]>([]);
  const [stayType, setStayType] = useState<StayType>('parking');
  const [departureId, setDepartureId] = useState<number | null>(null);
  const [arrivalId, setArrivalId] = useState<number | null>(null);
  const [dropOff, setDropOff] = useState('');
  const [pickUp, setPickUp] = useState('');
  const [packageId, setPackageId] = useState<number | null>(null);
  const [serviceIds, setServiceIds] = useState<number[]>([]);
  const [voucher, setVoucher] = useState('');
  const [details, setDetails] = useState<Details>(noDetails);
  const [website, setWebsite] = useState('');
  const [quote, setQuote] = useState<QuoteState>({ state: 'idle' });
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  // The free slots offered beside a full one (issue 24, section 2), until one is taken or the form is sent again.
  const [freeSlots, setFreeSlots] = useState<FreeSlot[]>([]);
  const [busy, setBusy] = useState(false);
  const [receipt, setReceipt] = useState<PublicBookingReceipt | null>(null);
  const formStartedAt = useRef(new Date().toISOString());
  const idempotencyKey = useRef(newIdempotencyKey());
  const airport = airports?.find((candidate) => candidate.id === airportId) ?? null;
  const timeZone = airport?.time_zone ?? 'UTC';

  // What can be booked: the airports first (one is chosen for the customer when there is one), packages and services.
  useEffect(() => {
    Promise.all([api.airports(), api.packages(), api.services()])
      .then(([airportList, packageList, serviceList]) => {
        setAirports(airportList.data);
        setPackages(packageList.data);
        setServices(serviceList.data);
        if (airportList.data.length === 1) setAirportId(airportList.data[0]?.id ?? null);
      })
      .catch((error: unknown) => setLoadError(error instanceof Error ? error.message : t('errors.offline')));
  }, [api, t]);

  // An airport's places; the first car park (parking) or meeting place (meet and greet) is the first guess.
  useEffect(() => {
    if (airportId === null) return;
    let current = true;
    api
      .locations(airportId)
      .then(({ data }) => {
        if (!current) return;
        setLocations(data);
        const zone = airports?.find((candidate) => candidate.id === airportId)?.time_zone ?? 'UTC';
        setDropOff((value) => value || suggestedTime(zone, 1, 9));
        setPickUp((value) => value || suggestedTime(zone, 8, 18));
      })
      .catch((error: unknown) => setLoadError(error instanceof Error ? error.message : t('errors.offline')));
    return () => {
      current = false;
    };
  }, [api, airportId, airports, t]);

  useEffect(() => {
    const preferred = locations.find((place) => (stayType === 'parking' ? place.type === 'car_park' : place.type !== 'car_park'));
    const first = preferred ?? locations[0];
    setDepartureId(first?.id ?? null);
    setArrivalId(first?.id ?? null);
  }, [locations, stayType]);

  const packagesOfType = packages.filter((offer) => offer.type === stayType);
  useEffect(() => {
    if (packageId !== null && !packagesOfType.some((offer) => offer.id === packageId)) setPackageId(null);
  }, [packageId, packagesOfType]);

  // The live price: asked again a moment after the last change (a typed voucher code asks once, not per letter).
  const quoteQuery = useMemo(() => {
    const departureDate = dayOf(dropOff);
    const arrivalDate = dayOf(pickUp);
    if (airportId === null || departureId === null || arrivalId === null || !departureDate || !arrivalDate) return null;
    return {
      airport_id: String(airportId),
      departure_id: String(departureId),
      arrival_id: String(arrivalId),
      departure_date: departureDate,
      arrival_date: arrivalDate,
      type: stayType,
      service_ids: serviceIds.join(','),
      ...(packageId === null ? {} : { package_id: String(packageId) }),
      ...(voucher.trim() ? { voucher_code: voucher.trim() } : {}),
    };
  }, [airportId, departureId, arrivalId, dropOff, pickUp, stayType, serviceIds, packageId, voucher]);
  useEffect(() => {
    if (!quoteQuery) {
      setQuote({ state: 'idle' });
      return;
    }
    let current = true;
    setQuote({ state: 'loading' });
    const timer = setTimeout(() => {
      api
        .quote(quoteQuery)
        .then(({ data }) => current && setQuote({ state: 'ready', quote: data.quote }))
        .catch((error: unknown) => current && setQuote({ state: 'error', message: error instanceof Error ? error.message : '' }));
    }, 350);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [api, quoteQuery]);

  const money = (minor: number) => formatMoney(language, minor, page.currency);
  const detail = (key: keyof Details) => (event: Event) =>
    setDetails((value) => ({ ...value, [key]: (event.currentTarget as HTMLInputElement).value }));
  const toggleService = (id: number) => setServiceIds((ids) => (ids.includes(id) ? ids.filter((other) => other !== id) : [...ids, id]));

  async function book(event: Event) {
    event.preventDefault();
    if (busy || airportId === null || departureId === null || arrivalId === null) return;
    const departureAt = fromZonedLocal(dropOff, timeZone);
    const arrivalAt = fromZonedLocal(pickUp, timeZone);
    setBusy(true);
    setFormError(null);
    setFieldErrors({});
    setFreeSlots([]);
    const optional = (value: string) => (value.trim() === '' ? null : value.trim());
    try {
      const { data } = await api.add(
        {
          customer_name: details.customer_name,
          customer_email: details.customer_email,
          customer_phone: optional(details.customer_phone),
          vehicle_reg: details.vehicle_reg,
          vehicle_make: optional(details.vehicle_make),
          vehicle_model: optional(details.vehicle_model),
          vehicle_colour: optional(details.vehicle_colour),
          airport_id: airportId,
          departure_id: departureId,
          arrival_id: arrivalId,
          departure_at: departureAt ?? dropOff,
          arrival_at: arrivalAt ?? pickUp,
          outbound_flight: optional(details.outbound_flight),
          return_flight: optional(details.return_flight),
          passengers: Number(details.passengers) || 1,
          package_id: packageId,
          service_ids: serviceIds,
          voucher_code: optional(voucher),
          language,
          type: stayType,
          website,
          form_started_at: formStartedAt.current,
        },
        idempotencyKey.current,
      );
      setReceipt(data);
      window.scrollTo({ top: 0 });
    } catch (error) {
      if (error instanceof ApiError) {
        setFieldErrors(error.fields);
        setFormError(error.message);
        setFreeSlots(error.freeSlots);
      } else setFormError(t('errors.offline'));
    } finally {
      setBusy(false);
    }
  }

  function bookAnother() {
    setReceipt(null);
    setDetails(noDetails);
    setVoucher('');
    setServiceIds([]);
    idempotencyKey.current = newIdempotencyKey();
    formStartedAt.current = new Date().toISOString();
  }

  if (receipt) {
    return (
      <section class="card" aria-labelledby="confirmation-title">
        <h2 id="confirmation-title">{t('confirmation.title')}</h2>
        <p>{t('confirmation.reference')}</p>
        <p class="reference" data-testid="booking-reference">
          {receipt.reference}
        </p>
        <QrCode text={receipt.reference} label={t('confirmation.qr', { reference: receipt.reference })} />
        <Notice tone="success">{receipt.next_step_text}</Notice>
        <p>{t('confirmation.total', { amount: money(receipt.total) })}</p>
        <div class="actions">
          <a class="button" href={manageHref}>
            {t('nav.manage')}
          </a>
          <button type="button" class="secondary" onClick={bookAnother}>
            {t('confirmation.another')}
          </button>
        </div>
      </section>
    );
  }
  if (loadError) return <Notice tone="error">{loadError}</Notice>;
  if (!airports) return <p role="status">{t('loading')}</p>;
  if (airports.length === 0) return <Notice tone="info">{t('book.noAirports')}</Notice>;

  const error = (field: string) => fieldErrors[field];
  const input = (
    id: keyof Details,
    label: string,
    options: { type?: 'text' | 'email' | 'tel'; required?: boolean; hint?: string; autocomplete?: string } = {},
  ) => (
    <Field id={id} label={label} hint={options.hint} error={error(id)}>
      <input
        id={id}
        name={id}
        type={options.type ?? 'text'}
        // Preact's types tell a text-like input with a list (a combobox) from one without by this key.
        list={undefined}
        required={options.required}
        autocomplete={options.autocomplete}
        value={details[id]}
        onInput={detail(id)}
        aria-invalid={error(id) ? true : undefined}
        aria-describedby={describedBy(id, Boolean(options.hint), error(id))}
      />
    </Field>
  );

  return (
    <form onSubmit={book} noValidate={false} aria-describedby={formError ? 'form-error' : undefined}>
      <section class="card">
        <fieldset>
          <legend>{t('book.where')}</legend>
          <Field id="airport" label={t('book.airport')} error={error('airport_id')}>
            <select
              id="airport"
              required
              value={airportId ?? ''}
              onChange={(event) => setAirportId(Number(event.currentTarget.value) || null)}
            >
              <option value="">{t('book.chooseAirport')}</option>
              {airports.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.name} ({option.iata_code})
                </option>
              ))}
            </select>
          </Field>
          <fieldset class="choices">
            <legend class="choice-title">{t('book.stayType')}</legend>
            {stayTypes.map((type) => (
              <label class="choice" key={type}>
                <input type="radio" name="stay-type" value={type} checked={stayType === type} onChange={() => setStayType(type)} />
                <span>
                  <strong>{t(`stayTypes.${type}`)}</strong>
                  <br />
                  <small>{t(`stayTypeHints.${type}`)}</small>
                </span>
              </label>
            ))}
          </fieldset>
          {airportId !== null ? (
            <div class="row">
              <Field id="departure" label={t('book.dropOffPlace')} error={error('departure_id')}>
                <select
                  id="departure"
                  required
                  value={departureId ?? ''}
                  onChange={(event) => setDepartureId(Number(event.currentTarget.value))}
                >
                  {locations.map((place) => (
                    <option key={place.id} value={place.id}>
                      {place.name}
                    </option>
                  ))}
                </select>
              </Field>
              <Field id="arrival" label={t('book.pickUpPlace')} error={error('arrival_id')}>
                <select id="arrival" required value={arrivalId ?? ''} onChange={(event) => setArrivalId(Number(event.currentTarget.value))}>
                  {locations.map((place) => (
                    <option key={place.id} value={place.id}>
                      {place.name}
                    </option>
                  ))}
                </select>
              </Field>
            </div>
          ) : null}
        </fieldset>
      </section>

      {airportId !== null ? (
        <>
          <section class="card">
            <fieldset>
              <legend>{t('book.when')}</legend>
              <div class="row">
                <ClockField
                  id="drop-off"
                  label={t('book.dropOff')}
                  hint={t('book.airportClock', { zone: timeZone })}
                  value={dropOff}
                  onChange={setDropOff}
                  error={error('departure_at')}
                  required
                />
                <ClockField
                  id="pick-up"
                  label={t('book.pickUp')}
                  hint={t('book.airportClock', { zone: timeZone })}
                  value={pickUp}
                  onChange={setPickUp}
                  error={error('arrival_at')}
                  required
                />
              </div>
              <FreeSlots
                slots={freeSlots}
                title={t(freeSlots[0]?.field === 'arrival_at' ? 'book.slots.arrival' : 'book.slots.departure')}
                describe={(slot) => formatDateTime(language, slot.at, timeZone, 'short')}
                onPick={(slot) => {
                  if (slot.field === 'arrival_at') setPickUp(slot.local);
                  else setDropOff(slot.local);
                  setFieldErrors(({ [slot.field]: _taken, ...others }) => others);
                  setFreeSlots([]);
                }}
              />
              <div class="row">
                {input('outbound_flight', t('book.outboundFlight'), { hint: t('book.flightHint') })}
                {input('return_flight', t('book.returnFlight'), { hint: t('book.flightHint') })}
              </div>
              <Field id="passengers" label={t('book.passengers')} error={error('passengers')}>
                <select id="passengers" value={details.passengers} onChange={detail('passengers')}>
                  {Array.from({ length: PASSENGER_CHOICES }, (_, index) => String(index + 1)).map((count) => (
                    <option key={count} value={count}>
                      {count}
                    </option>
                  ))}
                </select>
              </Field>
            </fieldset>
          </section>

          <section class="card">
            <fieldset>
              <legend>{t('book.extras')}</legend>
              {packagesOfType.length > 0 ? (
                <Field id="package" label={t('book.package')} error={error('package_id')}>
                  <select
                    id="package"
                    value={packageId ?? ''}
                    onChange={(event) => setPackageId(Number(event.currentTarget.value) || null)}
                  >
                    <option value="">{t('book.noPackage')}</option>
                    {packagesOfType.map((offer) => (
                      <option key={offer.id} value={offer.id}>
                        {offer.name} (+{money(offer.price)})
                      </option>
                    ))}
                  </select>
                </Field>
              ) : null}
              {services.length > 0 ? (
                <fieldset class="choices">
                  <legend class="choice-title">{t('book.services')}</legend>
                  {services.map((service) => (
                    <label class="choice" key={service.id}>
                      <input type="checkbox" checked={serviceIds.includes(service.id)} onChange={() => toggleService(service.id)} />
                      <span>{service.name}</span>
                      <span class="amount">{money(service.price)}</span>
                    </label>
                  ))}
                </fieldset>
              ) : null}
              <Field id="voucher" label={t('book.voucher')} error={error('voucher_code')}>
                <input id="voucher" value={voucher} autocomplete="off" onInput={(event) => setVoucher(event.currentTarget.value)} />
              </Field>
            </fieldset>
          </section>

          <section class="card" aria-labelledby="price-title" aria-live="polite">
            <div class="price">
              <h2 id="price-title">{t('book.price')}</h2>
              {quote.state === 'ready' ? <strong data-testid="price-total">{money(quote.quote.total)}</strong> : null}
            </div>
            {quote.state === 'loading' ? <p>{t('book.pricing')}</p> : null}
            {quote.state === 'idle' ? <p>{t('book.priceNeeds')}</p> : null}
            {quote.state === 'error' ? <Notice tone="error">{quote.message}</Notice> : null}
            {quote.state === 'ready' ? (
              <details>
                <summary>{t('book.why')}</summary>
                <ol data-testid="price-explanation">
                  {quote.quote.explanation.map((step) => (
                    <li key={step.step}>{step.text}</li>
                  ))}
                </ol>
              </details>
            ) : null}
          </section>

          <section class="card">
            <fieldset>
              <legend>{t('book.details')}</legend>
              {input('customer_name', t('book.name'), { required: true, autocomplete: 'name' })}
              <div class="row">
                {input('customer_email', t('book.email'), {
                  type: 'email',
                  required: true,
                  autocomplete: 'email',
                  hint: t('book.emailHint'),
                })}
                {input('customer_phone', t('book.phone'), { type: 'tel', autocomplete: 'tel' })}
              </div>
              {input('vehicle_reg', t('book.registration'), { required: true })}
              <div class="row">
                {input('vehicle_make', t('book.make'))}
                {input('vehicle_model', t('book.model'))}
              </div>
              {input('vehicle_colour', t('book.colour'))}
              {/* Hidden from people and screen readers: a script that fills every field fills it, and is refused. */}
              <div class="hp" aria-hidden="true">
                <label for="website">Website</label>
                <input
                  id="website"
                  name="website"
                  tabIndex={-1}
                  autocomplete="off"
                  value={website}
                  onInput={(event) => setWebsite(event.currentTarget.value)}
                />
              </div>
            </fieldset>
            {formError ? (
              <div id="form-error">
                <Notice tone="error">{formError}</Notice>
              </div>
            ) : null}
            <div class="actions">
              <button type="submit" disabled={busy}>
                {busy
                  ? t('book.booking')
                  : quote.state === 'ready'
                    ? t('book.bookFor', { amount: money(quote.quote.total) })
                    : t('book.book')}
              </button>
            </div>
          </section>
        </>
      ) : null}
    </form>
  );
}
