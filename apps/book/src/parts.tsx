import type { FreeSlot } from '@ps/contracts/common/errors';
import { qrModules } from '@ps/contracts/common/qr';
import type { ComponentChildren } from 'preact';

/** A labelled field: its hint and its error are read with it (aria-describedby), the error announced when it comes. */
export function Field(props: { id: string; label: string; hint?: string; error?: string | undefined; children: ComponentChildren }) {
  const { id, label, hint, error, children } = props;
  return (
    <div class={error ? 'field field-error' : 'field'}>
      <label for={id}>{label}</label>
      {children}
      {hint ? (
        <p class="hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p class="error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The ids an input names for its hint and error (`aria-describedby`). */
export function describedBy(id: string, hint: boolean, error: string | undefined): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/** A date and time on the airport's clock (`YYYY-MM-DDTHH:mm`), said under the field. */
export function ClockField(props: {
  id: string;
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  required?: boolean;
}) {
  const { id, label, hint, value, onChange, error, required } = props;
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <input
        id={id}
        type="datetime-local"
        required={required}
        value={value}
        onInput={(event) => onChange(event.currentTarget.value)}
        aria-describedby={describedBy(id, true, error)}
      />
    </Field>
  );
}

/** A message for the whole form: `alert` for a refusal, `status` for news (both read out when they appear). */
export function Notice({ tone, children }: { tone: 'error' | 'info' | 'success'; children: ComponentChildren }) {
  return (
    <div class={`notice notice-${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

/** The booking's QR code (its reference), drawn as SVG: staff scan it at the car park as they scan the mail's. */
export function QrCode({ text, label }: { text: string; label: string }) {
  const modules = qrModules(text);
  const size = modules.length;
  const path = modules.flatMap((row, y) => row.map((dark, x) => (dark ? `M${x} ${y}h1v1h-1z` : ''))).join('');
  return (
    <svg class="qr" viewBox={`0 0 ${size} ${size}`} role="img" aria-label={label} shape-rendering="crispEdges">
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

/**
 * The free 15-minute slots a full one's refusal offered (issue 24, section 2): each a button that puts its time into
 * the drop-off or pick-up field, to be sent again.
 */
export function FreeSlots(props: {
  slots: FreeSlot[];
  title: string;
  describe: (slot: FreeSlot) => string;
  onPick: (slot: FreeSlot) => void;
}) {
  const { slots, title, describe, onPick } = props;
  if (slots.length === 0) return null;
  return (
    <fieldset class="free-slots" data-testid="free-slots">
      <legend class="hint">{title}</legend>
      <div class="actions">
        {slots.map((slot) => (
          <button key={`${slot.field}-${slot.at}`} type="button" class="secondary" data-slot={slot.local} onClick={() => onPick(slot)}>
            {describe(slot)}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
