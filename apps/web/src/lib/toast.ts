import { type ComponentType, type ReactNode, type RefObject, useLayoutEffect } from 'react';
import type { Id, toast } from 'react-toastify';

/** What the first toast loads: react-toastify's `toast` and the app's container for it (components/ToastHost.tsx). */
export interface Toastify {
  toast: typeof toast;
  ToastHost: ComponentType;
}

/**
 * react-toastify (about 10 kB gzipped, its styles included) and the toasts' container come with the first
 * toast instead of with the sign-in page (its budget, docs/decisions.md "Sign-in bundle budget (issue 5)"). Toasts asked for before it
 * arrives are shown in order once it has: react-toastify queues toasts until its container mounts.
 */
let loadToastify: (() => Promise<Toastify>) | undefined;
let toastify: Toastify | undefined;
let loading: Promise<Toastify> | undefined;
const listeners = new Set<() => void>();

/** The app names the container's chunk once, at start (app/App.tsx): lib is below components and imports none. */
export function setToastifyLoader(load: () => Promise<Toastify>): void {
  loadToastify = load;
}

function load(): Promise<Toastify> {
  if (!loadToastify) return Promise.reject(new Error('The notifications are not set up (setToastifyLoader)'));
  loading ??= loadToastify().then(
    (module) => {
      toastify = module;
      for (const listener of listeners) listener();
      return module;
    },
    (error: unknown) => {
      // A failed fetch (offline, a new deployment) is tried again with the next toast.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

function withToastify(run: (module: Toastify) => void): void {
  if (toastify) run(toastify);
  else
    load().then(run, (error: unknown) => {
      console.error('Could not load the notifications', error);
    });
}

/** For the app's toast container: react-toastify once loaded (useSyncExternalStore). */
export function subscribeToastify(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export const getToastify = (): Toastify | undefined => toastify;

/** Success toasts close after 2000 ms (spec 8). */
export function toastSuccess(message: string): void {
  withToastify(({ toast }) => toast.success(message, { autoClose: 2000 }));
}

/**
 * A success toast that offers one action (a handover's "Undo"): it stays while the action can still be taken
 * (`openForMs`: the action's own window), or until closed, instead of the 2000 ms of a plain success, so the action
 * can be reached. `render` draws its words and button; `close` takes the toast away.
 */
export function toastSuccessWithAction(render: (close: () => void) => ReactNode, openForMs: number): void {
  withToastify(({ toast }) => {
    toast.success(({ closeToast }) => render(() => closeToast()), { autoClose: Math.max(openForMs, 2000), closeOnClick: false });
  });
}

/**
 * Error toasts stay until closed (spec 8). The message is its id, so the same error reported by several
 * requests at once shows once.
 */
export function toastError(message: string): Id {
  const toastId = `error:${message}`;
  withToastify(({ toast }) => toast.error(message, { autoClose: false, toastId }));
  return toastId;
}

/** Closes toasts by id (a form's own errors once it succeeds). */
export function dismissToasts(ids: Iterable<Id>): void {
  const list = [...ids];
  if (list.length === 0) return;
  withToastify(({ toast }) => {
    for (const id of list) toast.dismiss(id);
  });
}

export type { Id as ToastId };

/**
 * Where toasts sit (docs/decisions.md, "Where toasts sit"): in the free room of the page's top bar, left of its controls,
 * when that room is wide enough for a toast (`bar`: px from the viewport's top and right edges, the toast's width and
 * highest height); else in a sheet at the bottom of the screen (`sheet`), where the page keeps room to scroll its last
 * controls clear of it. The page with the bar measures it (`useToastSlot`); the toasts' container follows.
 */
export type ToastPlace = { kind: 'bar'; top: number; right: number; width: number; height: number } | { kind: 'sheet' };

/** Room kept between a toast and the controls either side of it, and above and below it in the bar. */
const SLOT_GAP = 8;
const SLOT_INSET = 4;
/** Two older toasts peek out at a toast's left in the bar, 8 px each (components/toasts.css). */
const SLOT_PEEK = 16;
/** Narrower than this, a toast's words wrap into more lines than a bar holds: the sheet instead. */
const SLOT_MIN_WIDTH = 280;
const SLOT_MAX_WIDTH = 440;

let place: ToastPlace | undefined;
const placeListeners = new Set<() => void>();

function setToastPlace(next: ToastPlace | undefined): void {
  if (JSON.stringify(next) === JSON.stringify(place)) return;
  place = next;
  for (const listener of placeListeners) listener();
}

/** For the toasts' container (useSyncExternalStore). None before a page with a bar has measured it. */
export function subscribeToastPlace(listener: () => void): () => void {
  placeListeners.add(listener);
  return () => placeListeners.delete(listener);
}
export const getToastPlace = (): ToastPlace | undefined => place;

/** What a bar has on the left of its free room: a control the toasts never cover, and a title they cover only when short of room. */
export interface ToastSlotLeading {
  control?: RefObject<HTMLElement | null>;
  title?: RefObject<HTMLElement | null>;
}

/** The free room of `bar` left of `controls`: right of the title if wide enough, else right of the left control. */
function measurePlace(bar: HTMLElement, controls: HTMLElement, control: HTMLElement | null, title: HTMLElement | null): ToastPlace {
  const barBox = bar.getBoundingClientRect();
  const end = controls.getBoundingClientRect().left - SLOT_GAP;
  // A hidden element (the menu button on a wide screen) has an empty box at 0.
  const rightOf = (element: HTMLElement | null) => Math.max(barBox.left, element?.getBoundingClientRect().right ?? 0) + SLOT_GAP;
  const roomFrom = (start: number) => end - start - SLOT_PEEK;
  const room = roomFrom(rightOf(title)) >= SLOT_MIN_WIDTH ? roomFrom(rightOf(title)) : roomFrom(rightOf(control));
  if (room < SLOT_MIN_WIDTH) return { kind: 'sheet' };
  return {
    kind: 'bar',
    top: Math.round(barBox.top + bar.clientTop + SLOT_INSET),
    right: Math.round(document.documentElement.clientWidth - end),
    width: Math.floor(Math.min(room, SLOT_MAX_WIDTH)),
    height: Math.floor(bar.clientHeight - 2 * SLOT_INSET),
  };
}

/**
 * Puts the toasts in `bar`'s free room left of `controls` (and right of `leading`), measured now and whenever their
 * sizes change: the controls' width varies with the language and the user's name.
 */
export function useToastSlot(
  bar: RefObject<HTMLElement | null>,
  controls: RefObject<HTMLElement | null>,
  leading: ToastSlotLeading = {},
): void {
  const { control, title } = leading;
  useLayoutEffect(() => {
    const barElement = bar.current;
    const controlsElement = controls.current;
    if (!barElement || !controlsElement) return;
    const controlElement = control?.current ?? null;
    const titleElement = title?.current ?? null;
    const measure = () => setToastPlace(measurePlace(barElement, controlsElement, controlElement, titleElement));
    measure();
    const observer = new ResizeObserver(measure);
    for (const element of [barElement, controlsElement, controlElement, titleElement]) if (element) observer.observe(element);
    return () => {
      observer.disconnect();
      setToastPlace(undefined);
    };
  }, [bar, controls, control, title]);
}
